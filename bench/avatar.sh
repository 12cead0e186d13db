#!/usr/bin/env bash
# Benchmarks monica-avatar save: 1,000 contacts' faces under a rate limit, against its floor.
#
#   bench/avatar.sh            # RUNS=3 runs each, median; LIMIT=1/1, LATENCY=20 (ms) by default
#
# Release build; monica-sandbox --seed 1 on 127.0.0.1 with its gravatar-like second origin on
# another loopback port, both answering after LATENCY ms. The input is the first 1,000 listed
# contacts, fetched before the timing from a sandbox of the same seed and ports without a limit
# (the same records, links included). Timed: monica-avatar save --dir DIR < contacts. Its API
# requests (counted in the sandbox's log, 429s left out) are one walk of /api/photos, 100 a
# page, for the photo-source contacts. With LIMIT=N/S (Laravel's fixed
# window, opened by the first request) R requests need W = ceil(R / N) windows, and the last
# cannot go before (W - 1) x S seconds: that is the floor. The gravatar downloads (another
# origin, not under Monica's limit) run --jobs at a time meanwhile. A second run with the cache
# warm must make no image request at all: no gravatar GET and no /api/photos page.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
limit=${LIMIT:-1/1}
latency=${LATENCY:-20}
count=1000
out=bench/out/avatar
mkdir -p "$out"
for tool in monica-sandbox monica-fetch monica-avatar; do swift build -c release --product "$tool" >/dev/null; done
bin=$(swift build -c release --show-bin-path)
sandbox=
trap '[ -n "$sandbox" ] && kill "$sandbox" 2>/dev/null || true' EXIT
per=${limit%/*}; window=${limit#*/}

ports=$(python3 -c 'import socket
for _ in range(2):
  s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
port=$(echo "$ports" | head -n 1); gravatar_port=$(echo "$ports" | tail -n 1)

start_sandbox() {
  [ -n "$sandbox" ] && { kill "$sandbox"; wait "$sandbox" 2>/dev/null || true; }
  rm -f "$out/ready.json" "$out/requests.ndjson"
  "$bin/monica-sandbox" --port "$port" --gravatar-port "$gravatar_port" --ready-file "$out/ready.json" \
    --log "$out/requests.ndjson" \
    --seed 1 --contacts 1200 --latency "$latency" "$@" >/dev/null 2>"$out/sandbox.err" &
  sandbox=$!
  until [ -s "$out/ready.json" ]; do sleep 0.2; done
  export MONICA_URL=$(jq -r .url "$out/ready.json") MONICA_TOKEN=$(jq -r .token "$out/ready.json")
}

seconds() {
  local start end
  start=$(date +%s.%N)
  bash -o pipefail -c "$1" > "$out/stdout"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

export HOME="$PWD/$out/home" XDG_CACHE_HOME="$PWD/$out/home/.cache" XDG_CONFIG_HOME="$PWD/$out/home/.config" \
  XDG_DATA_HOME="$PWD/$out/home/.local/share"
: > "$out/cold.times"; : > "$out/warm.times"
for i in $(seq "$runs"); do
  rm -rf "$out/home" "$out/faces"; mkdir -p "$out/home"
  start_sandbox --rate-limit 0
  "$bin/monica-fetch" contacts --max "$count" > "$out/contacts.ndjson"
  start_sandbox --rate-limit "$limit"
  before=0
  command="$bin/monica-avatar save --dir $out/faces < $out/contacts.ndjson"
  seconds "$command" >> "$out/cold.times"
  [ "$(wc -l < "$out/stdout")" -eq "$count" ] || { echo "run $i: not $count results" >&2; exit 1; }
  tail -n +$((before + 1)) "$out/requests.ndjson" > "$out/cold.ndjson"
  api=$(jq -c 'select(.server == null and .status != 429)' "$out/cold.ndjson" | wc -l)
  images=$(jq -c 'select(.server == "gravatar")' "$out/cold.ndjson" | wc -l)
  too_many=$(jq -c 'select(.status == 429)' "$out/cold.ndjson" | wc -l)
  jq -r .from "$out/stdout" | sort | uniq -c | tr '\n' ' ' > "$out/from.cold"
  fallbacks=$(jq -c 'select(.reason != null and .source != null)' "$out/stdout" | wc -l)
  photo_contacts=$(jq -c 'select(.information.avatar.source == "photo")' "$out/contacts.ndjson" | wc -l)
  sleep $((window + 1)); before=$(wc -l < "$out/requests.ndjson")
  seconds "$command" >> "$out/warm.times"
  tail -n +$((before + 1)) "$out/requests.ndjson" > "$out/warm.ndjson"
  warm_requests=$(jq -c 'select(.server == "gravatar" or .path == "/api/photos")' "$out/warm.ndjson" | wc -l)
  jq -r .from "$out/stdout" | sort | uniq -c | tr '\n' ' ' > "$out/from.warm"
  windows=$(( (api + per - 1) / per )); floor=$(( (windows - 1) * window ))
  printf 'run %d: cold %.3f s (%d API requests: floor (%d - 1) x %d s = %d s; %d gravatar GETs; %d answered 429; %d fallbacks) [%s]; warm %.3f s, %d image requests [%s]\n' \
    "$i" "$(tail -n 1 "$out/cold.times")" "$api" "$windows" "$window" "$floor" "$images" "$too_many" "$fallbacks" \
    "$(cat "$out/from.cold")" "$(tail -n 1 "$out/warm.times")" "$warm_requests" "$(cat "$out/from.warm")"
  [ "$warm_requests" -eq 0 ] || { echo "run $i: the warm run made $warm_requests image requests" >&2; exit 1; }
done
cold=$(median < "$out/cold.times"); warm=$(median < "$out/warm.times")
printf '%d contacts (%d photo-source: one request each would be %d), LIMIT=%s, latency %d ms: cold %.3f s against a %d s floor (%+.1f%%); warm %.3f s, no image request\n' \
  "$count" "$photo_contacts" "$photo_contacts" "$limit" "$latency" "$cold" "$floor" \
  "$(echo "($cold / ($floor + 0.000001) - 1) * 100" | bc -l)" "$warm"
