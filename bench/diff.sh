#!/usr/bin/env bash
# Benchmarks monica-diff on two backups of 100,000 records (RECORDS=N to change), best of 3 runs
# (RUNS=N).
#
#   bench/diff.sh
#
# Release build of monica-diff. OLD is what monica-fetch prints from monica-sandbox --seed 1
# with RECORDS x 1.2 contacts (activities, notes, tasks, gifts, tags and photos of the first
# 1,000 contacts, then the listed contacts), cut to RECORDS lines; NEW is OLD with every
# 100th record removed, every 50th one's updated_at changed (and its body, for a note) and a new
# note per 1,000 records, in a shuffled order (shuf with a fixed random source), as a later backup of a busy account. Reported:
# the wall time and peak memory (GNU time's maximum RSS) of the NDJSON and the text output, and
# of `--restore --map`, beside `jq -c .` reading NEW once as a floor.
set -euo pipefail
cd "$(dirname "$0")/.."
records=${RECORDS:-100000}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"

command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
# The input is made with the debug sandbox and fetch (not timed); only monica-diff is timed.
swift build --product monica-sandbox >/dev/null && swift build --product monica-fetch >/dev/null
debug=$(swift build --show-bin-path)
release_build monica-diff

old="$out/diff-old-$records.ndjson"
new="$out/diff-new-$records.ndjson"
if [ ! -s "$old" ]; then
  rm -f "$out/ready.json"
  "$debug/monica-sandbox" --port 0 --ready-file "$out/ready.json" --seed 1 --rate-limit 0 \
    --contacts $((records * 6 / 5)) >/dev/null 2>"$out/sandbox.err" &
  sandbox=$!
  until [ -s "$out/ready.json" ]; do sleep 0.2; done
  MONICA_URL=$(jq -r .url "$out/ready.json") MONICA_TOKEN=$(jq -r .token "$out/ready.json")
  export MONICA_URL MONICA_TOKEN
  for kind in activities notes tasks gifts tags photos contacts; do
    HOME="$out" XDG_CONFIG_HOME="$out/config" "$debug/monica-fetch" --quiet "$kind"
  done | head -n "$records" > "$old.tmp"
  stop_sandbox
  mv "$old.tmp" "$old"
fi
awk '
  NR % 1000 == 0 { printf "{\"id\":%d,\"object\":\"note\",\"body\":\"new\",\"contact\":null}\n", 10000000 + NR }
  NR % 100 == 0 { next }
  NR % 50 == 25 { sub(/"updated_at":"2/, "\"updated_at\":\"3") }
  NR % 50 == 25 && /"object":"note"/ { sub(/"body":"/, "\"body\":\"changed: ") }
  { print }
' "$old" | shuf --random-source=<(yes) > "$new"
lines=$(wc -l < "$old")
bytes=$(stat -c %s "$old")
echo "old: $lines records, $bytes bytes; new: $(wc -l < "$new") records" >&2

input=/dev/null
results=(
  "$(best_run 'jq -c . NEW' "$out/d.jq" jq -c . "$new")"
  "$(best_run 'monica-diff OLD NEW' "$out/d.ndjson" "$bin/monica-diff" "$old" "$new")"
  "$(best_run 'monica-diff --format text OLD NEW' "$out/d.text" "$bin/monica-diff" --format text "$old" "$new")"
)
rm -f "$out/d.map"
results+=("$(best_run 'monica-diff --restore --map M OLD NEW' "$out/d.restore" \
  bash -c "rm -f $out/d.map; exec $bin/monica-diff --restore --map $out/d.map $old $new 2>/dev/null")")
echo "differences: $(wc -l < "$out/d.ndjson") lines; $(tail -n 1 "$out/d.text")" >&2

echo "| command ($lines records, $((bytes / 1000000)) MB a side) | time | peak memory |"
echo "|---|---|---|"
for result in "${results[@]}"; do
  seconds=$(awk '{print $(NF-1)}' <<<"$result")
  kib=$(awk '{print $NF}' <<<"$result")
  name=$(awk '{NF-=2; print}' <<<"$result")
  awk -v n="$name" -v s="$seconds" -v k="$kib" 'BEGIN{printf "| `%s` | %.2f s | %.1f MB |\n", n, s, k/1024}'
done
