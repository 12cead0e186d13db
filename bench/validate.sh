#!/usr/bin/env bash
# Benchmarks monica-validate against monica-filter and jq 1.6 on every kind of sandbox record.
#
#   bench/validate.sh            # 50,000 contacts (CONTACTS=N to change), best of 3 runs (RUNS=N)
#
# Release build. The input is what monica-fetch prints from monica-sandbox --seed 1 (Monica's
# wire form: `\/` and `\uXXXX` escapes, which a validator must decode where formats matter):
# every kind, contacts first. jq cannot check Monica's contract as a whole, so it gets two
# yardsticks: `jq -c .` (reading and writing every record, the least any jq-based checker does)
# and a filter that checks five of the catalogue's rules. monica-filter --dead is the toolset's
# own pass-through floor. monica-validate must pass the input through unchanged (cmp) with status
# 0. Timings come from the same run on the same machine; peak memory is GNU time's maximum RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${CONTACTS:-50000}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"

command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
release_build monica-sandbox monica-fetch monica-filter monica-validate

input="$out/every-kind-$contacts.ndjson"
if [ ! -s "$input" ]; then
  rm -f "$out/ready.json"
  "$bin/monica-sandbox" --port 0 --ready-file "$out/ready.json" --contacts "$contacts" --seed 1 --rate-limit 0 \
    >/dev/null 2>"$out/sandbox.err" &
  sandbox=$!
  trap 'kill $sandbox 2>/dev/null || true' EXIT
  until [ -s "$out/ready.json" ]; do sleep 0.2; done
  export MONICA_URL MONICA_TOKEN
  MONICA_URL=$(jq -r .url "$out/ready.json")
  MONICA_TOKEN=$(jq -r .token "$out/ready.json")
  for kind in contacts activities notes tasks gifts tags photos me; do
    HOME="$out" XDG_CONFIG_HOME="$out/config" "$bin/monica-fetch" "$kind"
  done > "$input.tmp"
  mv "$input.tmp" "$input"
  kill "$sandbox"; trap - EXIT
fi
bytes=$(stat -c %s "$input")
lines=$(wc -l < "$input")
echo "input: $input, $lines records, $bytes bytes" >&2

# Five rules of the catalogue in jq: ids positive, timestamps shaped and in order, a task's
# completion, a gift's status.
checks='select((.id | type) == "number" and .id > 0
  and ((.created_at // "2000-01-01T00:00:00Z") | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$"))
  and ((.created_at // "") <= (.updated_at // ""))
  and (.object != "task" or (.completed == (.completed_at != null)))
  and (.object != "gift" or (.status | IN("idea", "offered", "received")))) | empty'

results=(
  "$(best_run 'jq -c .' "$out/v.jq" jq -c .)"
  "$(best_run 'jq (5 rules)' "$out/v.jq5" jq -c "$checks")"
  "$(best_run 'monica-filter --dead' "$out/v.filter" "$bin/monica-filter" --dead)"
  "$(best_run 'monica-validate' "$out/v.ours" "$bin/monica-validate")"
)
cmp "$input" "$out/v.ours"
[ ! -s "$out/v.jq5" ] || { echo "jq's five rules found a problem in sandbox data" >&2; exit 1; }

echo "| command ($lines records of every kind, $((bytes / 1000000)) MB) | time | throughput | peak memory |"
echo "|---|---|---|---|"
for result in "${results[@]}"; do
  seconds=$(awk '{print $(NF-1)}' <<<"$result")
  kib=$(awk '{print $NF}' <<<"$result")
  name=$(awk '{NF-=2; print}' <<<"$result")
  awk -v n="$name" -v s="$seconds" -v k="$kib" -v b="$bytes" \
    'BEGIN{printf "| `%s` | %.2f s | %.0f MB/s | %.1f MB |\n", n, s, b/s/1e6, k/1024}'
done
