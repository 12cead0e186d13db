#!/usr/bin/env bash
# Peak memory of `monica-diff --format text` when NEW lost most of OLD (issue 39 item 6: the
# text summary held every removed record parsed, 5x its input). OLD is `monica-fetch --all` of
# monica-sandbox --seed 1 with CONTACTS contacts (default 3000); NEW keeps only OLD's first
# line, so every other record is removed and named in the summary. Reported beside
# `monica-diff OLD NEW` (NDJSON) and OLD's size on disk: monica-diff's help says OLD is held in
# about its size on disk. BIN=DIR measures another build's monica-diff (default: a release
# build of this tree); BASE_BIN=DIR adds a row for a second build, in turn on the same input.
#
#   bench/diff-text-memory.sh
#   BIN=.build/debug BASE_BIN=/work/main/.build/debug bench/diff-text-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${CONTACTS:-3000}
runs=${RUNS:-1}
out=bench/out
mkdir -p "$out"
command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
swift build --product monica-sandbox >/dev/null && swift build --product monica-fetch >/dev/null
debug=$(swift build --show-bin-path)
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-diff; fi

old="$out/diff-text-old-$contacts.ndjson"
new="$out/diff-text-new-$contacts.ndjson"
if [ ! -s "$old" ]; then
  rm -f "$out/ready.json"
  "$debug/monica-sandbox" --exit-with-parent --port 0 --ready-file "$out/ready.json" --seed 1 --rate-limit 0 \
    --contacts "$contacts" >/dev/null 2>"$out/sandbox.err" &
  sandbox=$!
  until [ -s "$out/ready.json" ]; do sleep 0.2; done
  MONICA_URL=$(jq -r .url "$out/ready.json") MONICA_TOKEN=$(jq -r .token "$out/ready.json")
  export MONICA_URL MONICA_TOKEN
  HOME="$out" XDG_CONFIG_HOME="$out/config" "$debug/monica-fetch" --all --quiet > "$old.tmp"
  stop_sandbox
  mv "$old.tmp" "$old"
fi
head -n 1 "$old" > "$new"
lines=$(wc -l < "$old")
bytes=$(stat -c %s "$old")
input=/dev/null
results=(
  "$(best_run 'monica-diff OLD NEW' "$out/dt.ndjson" "$bin/monica-diff" "$old" "$new")"
  "$(best_run 'monica-diff --format text OLD NEW' "$out/dt.text" "$bin/monica-diff" --format text "$old" "$new")"
)
if [ -n "${BASE_BIN:-}" ]; then
  results+=("$(best_run 'BASE_BIN monica-diff --format text OLD NEW' "$out/dt.base" \
    "$BASE_BIN/monica-diff" --format text "$old" "$new")")
fi
echo "summary: $(tail -n 1 "$out/dt.text")" >&2
echo "| command ($lines records, $((bytes / 1000000)) MB OLD, all but one removed) | time | peak memory |"
echo "|---|---|---|"
for result in "${results[@]}"; do
  seconds=$(awk '{print $(NF-1)}' <<<"$result")
  kib=$(awk '{print $NF}' <<<"$result")
  name=$(awk '{NF-=2; print}' <<<"$result")
  awk -v n="$name" -v s="$seconds" -v k="$kib" 'BEGIN{printf "| `%s` | %.2f s | %.1f MB |\n", n, s, k/1024}'
done
