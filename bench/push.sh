#!/usr/bin/env bash
# Benchmarks monica-push: 500 contact updates under a rate limit, against the rate-limit floor.
#
#   bench/push.sh               # RUNS=3 runs, median wall time; LIMIT=25/1 by default
#
# Release build; monica-sandbox on 127.0.0.1 only, seeded, so the same 500 contacts every time.
# Each line names one field ({"object":"contact","id":N,"nickname":"bench R"}); monica-push reads
# the contact, merges the line onto it and writes it back: a GET and a PUT, the fewest requests
# Monica allows for an update that keeps the fields the line leaves out (its PUT replaces the
# contact). So 500 updates are 1,000 requests, and with LIMIT=N/S (a fixed window of S seconds
# that opens at its first request, as Laravel's throttle) they need W = ceil(1000 / N) windows:
# the last request cannot go before (W - 1) x S seconds. That is the floor. Every run starts
# in a fresh window, and checks that the 500 contacts have the new nickname and every other
# field they had (fetched before and after, compared without nickname and updated_at).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
limit=${LIMIT:-25/1}
count=500
out=bench/out/push
mkdir -p "$out"
source bench/lib.sh
release_build monica-sandbox monica-push monica-fetch
# Every sandbox: 1,000 seeded contacts.
sandbox_args=(--port 0 --seed 1 --contacts 1000)

# normalize: a contact without what an update changes. Besides the nickname and updated_at, a
# birthdate whose year is unknown is saved again with this year (SpecialDate.php:160-162), and
# an age-based one on 1 January (line 140): their dates are left out, their flags kept. The
# port in urls differs between sandboxes.
normalize() {
  jq -c 'del(.nickname, .updated_at)
    | if .information.dates.birthdate.is_year_unknown or .information.dates.birthdate.is_age_based
      then del(.information.dates.birthdate.date) else . end' | sed "s#$MONICA_URL#URL#g" | sort
}

# The contacts as they are before any update.
start_sandbox --rate-limit 0
"$bin/monica-fetch" contacts --max "$count" | normalize > "$out/before.ndjson"
[ "$(wc -l < "$out/before.ndjson")" -eq "$count" ] || { echo "fewer than $count contacts" >&2; exit 1; }
jq -r .id "$out/before.ndjson" | sort -n > "$out/ids"

echo "== $count contact updates (GET + PUT each), --rate-limit 0: the latency-bound time"
: > "$out/unpaced.times"
for i in $(seq "$runs"); do
  start_sandbox --rate-limit 0
  jq -c --arg run "$i" '{object: "contact", id: ., nickname: ("bench " + $run)}' "$out/ids" > "$out/lines.ndjson"
  seconds "$bin/monica-push $out/lines.ndjson" >> "$out/unpaced.times"
done
unpaced=$(median < "$out/unpaced.times")
printf 'monica-push %.3f s for %d requests (%.2f ms each)\n' "$unpaced" $((count * 2)) \
  "$(echo "$unpaced * 1000 / ($count * 2)" | bc -l)"

echo "== $count contact updates, --rate-limit $limit"
per=${limit%/*}; window=${limit#*/}
: > "$out/paced.times"
for i in $(seq "$runs"); do
  start_sandbox --rate-limit "$limit"
  jq -c --arg run "$i" '{object: "contact", id: ., nickname: ("bench " + $run)}' "$out/ids" > "$out/lines.ndjson"
  seconds "$bin/monica-push $out/lines.ndjson" >> "$out/paced.times"
  requests=$(wc -l < "$out/requests.ndjson")
  too_many=$(jq -c 'select(.status == 429)' "$out/requests.ndjson" | wc -l)
  [ "$(wc -l < "$out/stdout")" -eq "$count" ] || { echo "run $i: not $count records printed" >&2; exit 1; }
  # Verify after the timing, in a fresh window: the nickname is new, everything else as before.
  sleep "$window"
  "$bin/monica-fetch" contacts --max "$count" > "$out/after.raw"
  bad=$(jq -r --arg want "bench $i" 'select(.nickname != $want) | .id' "$out/after.raw" | wc -l)
  normalize < "$out/after.raw" | cmp -s - "$out/before.ndjson" \
    || { echo "run $i: a field other than nickname changed" >&2; exit 1; }
  [ "$bad" -eq 0 ] || { echo "run $i: $bad contacts lack the new nickname" >&2; exit 1; }
  printf 'run %d: %.3f s, %d requests, %d answered 429\n' "$i" "$(tail -n 1 "$out/paced.times")" "$requests" "$too_many"
done
paced=$(median < "$out/paced.times")
windows=$(( (count * 2 + per - 1) / per ))
floor=$(( (windows - 1) * window ))
printf '%d requests, %d windows of %d requests: floor (%d - 1) x %d s = %d s; monica-push %.3f s, %.1f%% over\n' \
  $((count * 2)) "$windows" "$per" "$windows" "$window" "$floor" "$paced" \
  "$(echo "($paced / $floor - 1) * 100" | bc -l)"
