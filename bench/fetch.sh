#!/usr/bin/env bash
# Benchmarks monica-fetch against the loop a user would otherwise write (curl per page | jq -c
# '.data[]'), under a rate limit, and for peak memory.
#
#   bench/fetch.sh              # RUNS=3 runs of each, median wall time
#
# Release build; monica-sandbox on 127.0.0.1 only, seeded. Both sides of each comparison run in
# the same invocation on the same machine. The record sets are compared by id (jq re-serializes
# records, monica-fetch passes the server's bytes through, so the lines themselves differ).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
out=bench/out/fetch
mkdir -p "$out"
command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
release_build monica-sandbox monica-fetch
sandbox_args=(--port 0 --seed 1)

curl_loop='last=$(curl -sf -H "Accept: application/json" -H "Authorization: Bearer $MONICA_TOKEN" "$MONICA_URL/api/contacts?page=1&limit=100" | jq .meta.last_page)
  for page in $(seq 1 "$last"); do
    curl -sf -H "Accept: application/json" -H "Authorization: Bearer $MONICA_TOKEN" "$MONICA_URL/api/contacts?page=$page&limit=100"
  done | jq -c ".data[]"'

echo "== 10,000 contacts, --latency 20 --rate-limit 0"
start_sandbox --contacts 10000 --latency 20 --rate-limit 0
startup=$( (for i in $(seq "$runs"); do seconds "$bin/monica-fetch --help >/dev/null"; done) | median)
: > "$out/fetch.times"; : > "$out/curl.times"
for i in $(seq "$runs"); do
  seconds "$bin/monica-fetch contacts" >> "$out/fetch.times"
  jq -r .id "$out/stdout" | sort -n > "$out/fetch.ids"
  seconds "$curl_loop" >> "$out/curl.times"
  jq -r .id "$out/stdout" | sort -n > "$out/curl.ids"
  cmp -s "$out/fetch.ids" "$out/curl.ids" || { echo "record sets differ" >&2; exit 1; }
done
fetch=$(median < "$out/fetch.times"); curl=$(median < "$out/curl.times")
records=$(wc -l < "$out/fetch.ids"); pages=$(( (records + 99) / 100 ))
floor=$(echo "$pages * 0.020 / 4" | bc -l)
printf 'records %s, pages %s, start-up %.3f s, floor %.3f s + start-up\n' "$records" "$pages" "$startup" "$floor"
printf 'monica-fetch %.3f s (%.2fx the floor with start-up), curl|jq loop %.3f s, speed-up %.1fx\n' \
  "$fetch" "$(echo "$fetch / ($floor + $startup)" | bc -l)" "$curl" "$(echo "$curl / $fetch" | bc -l)"

echo "== 10,000 contacts, --rate-limit 20/2"
start_sandbox --contacts 10000 --rate-limit 20/2
: > "$out/paced.times"
for i in $(seq "$runs"); do
  # Each run starts in a fresh window, as the floor assumes: the previous one has closed.
  sleep 2.5
  : > "$out/requests.ndjson"
  seconds "$bin/monica-fetch contacts" >> "$out/paced.times"
  jq -r .id "$out/stdout" | sort -n > "$out/paced.ids"
  cmp -s "$out/paced.ids" "$out/fetch.ids" || { echo "paced record set differs" >&2; exit 1; }
  errors=$(jq -c 'select(.status != 200)' "$out/requests.ndjson" | wc -l)
  [ "$errors" -eq 0 ] || { echo "run $i: $errors requests were not answered 200" >&2; exit 1; }
done
paced=$(median < "$out/paced.times")
requests=$(wc -l < "$out/requests.ndjson")
windows=$(( (requests + 19) / 20 ))
printf 'requests %s, non-200 answers 0, exact record set; %.3f s vs floor %d s ((%d windows - 1) x 2 s): %.1f%% over\n' \
  "$requests" "$paced" "$(( (windows - 1) * 2 ))" "$windows" "$(echo "($paced / (($windows - 1) * 2) - 1) * 100" | bc -l)"

echo "== peak memory (max RSS), --rate-limit 0"
for contacts in 10000 100000; do
  start_sandbox --contacts "$contacts" --rate-limit 0
  /usr/bin/time -f '%M' -o "$out/rss" "$bin/monica-fetch" contacts > "$out/stdout"
  printf '%s contacts: %s records, max RSS %.1f MB\n' "$contacts" "$(wc -l < "$out/stdout")" "$(echo "$(cat "$out/rss") / 1024" | bc -l)"
done
