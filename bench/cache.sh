#!/usr/bin/env bash
# Benchmarks monica-fetch --cache: `monica-fetch contacts` ten times in a row against a sandbox
# with Monica's default rate limit (60 requests a minute), without and with --cache.
#
#   bench/cache.sh              # CONTACTS=1000 (9 pages of 100), RUNS=10
#
# Release build; monica-sandbox on 127.0.0.1 only, seeded. Each case gets a fresh sandbox (a
# fresh rate-limit window) and a fresh HOME (an empty cache); requests are counted in the
# sandbox's request log. Every run's output must be byte-identical to its case's first run, and
# both cases must list the same records (records hold the sandbox's URL, so its port: compared
# by id).
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${CONTACTS:-1000}
runs=${RUNS:-10}
out=bench/out/cache
rm -rf "$out" && mkdir -p "$out"
source bench/lib.sh
release_build monica-sandbox monica-fetch
sandbox=
trap '[ -n "$sandbox" ] && kill "$sandbox" 2>/dev/null || true' EXIT

# start_case NAME: a fresh sandbox and HOME; sets MONICA_URL, MONICA_TOKEN, HOME and the XDG dirs.
start_case() {
  [ -n "$sandbox" ] && { kill "$sandbox"; wait "$sandbox" 2>/dev/null || true; }
  local dir="$out/$1"
  mkdir -p "$dir/home"
  "$bin/monica-sandbox" --port 0 --ready-file "$dir/ready.json" --log "$dir/requests.ndjson" --seed 1 \
    --contacts "$contacts" --rate-limit 60/60 >/dev/null 2>"$dir/sandbox.err" &
  sandbox=$!
  until [ -s "$dir/ready.json" ]; do sleep 0.1; done
  export MONICA_URL=$(jq -r .url "$dir/ready.json") MONICA_TOKEN=$(jq -r .token "$dir/ready.json")
  export HOME="$PWD/$dir/home" XDG_CONFIG_HOME="$PWD/$dir/home/.config" XDG_DATA_HOME="$PWD/$dir/home/.local/share"
  export XDG_CACHE_HOME="$PWD/$dir/home/.cache" XDG_STATE_HOME="$PWD/$dir/home/.local/state"
  unset MONICA_CACHE MONICA_PROFILE
}

# run_case NAME FLAGS: RUNS runs of monica-fetch contacts FLAGS; prints the case's line.
run_case() {
  local name=$1 flags=$2 dir="$out/$1" start end first total
  start_case "$name"
  start=$(date +%s.%N)
  for i in $(seq "$runs"); do
    local began=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$bin/monica-fetch" contacts $flags > "$dir/out.$i"
    echo "$(date +%s.%N) - $began" | bc >> "$dir/times"
    cmp -s "$dir/out.$i" "$dir/out.1" || { echo "$name run $i: output differs from run 1" >&2; exit 1; }
  done
  end=$(date +%s.%N)
  total=$(echo "$end - $start" | bc)
  first=$(head -n 1 "$dir/times")
  local rest=$(tail -n +2 "$dir/times" | awk '{ s += $1 } END { printf "%.3f", s / NR }')
  local requests=$(wc -l < "$dir/requests.ndjson")
  local limited=$(jq -c 'select(.status == 429)' "$dir/requests.ndjson" | wc -l)
  printf '%-26s %3d requests (%d answered 429)  %7.2f s in all  first run %6.2f s  later runs %6.3f s each\n' \
    "monica-fetch contacts $flags" "$requests" "$limited" "$total" "$first" "$rest"
}

echo "== $runs runs of monica-fetch contacts, $contacts generated contacts, --rate-limit 60/60"
run_case plain ""
run_case cached "--cache"
jq -r .id "$out/plain/out.1" > "$out/plain.ids"
jq -r .id "$out/cached/out.1" > "$out/cached.ids"
cmp -s "$out/plain.ids" "$out/cached.ids" || { echo "the two cases listed different records" >&2; exit 1; }
echo "records per run: $(wc -l < "$out/plain.ids"); every run's output identical to its case's first, same records in both"
