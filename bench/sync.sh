#!/usr/bin/env bash
# Benchmarks monica-sync's run with nothing changed, the every-15-minutes cron case: the scan
# reads a file only when the status does not have its etag (mtime and inode), so such a run
# parses no card. Against it, the same run after every file was touched (new etags, the same
# content): every card is read and parsed again, as every run did before, and its new etag
# recorded. Wall time and peak RSS (GNU time) for 1,000 and 5,000 contacts.
#
#   bench/sync.sh                    # release build
#   BIN=.build/debug bench/sync.sh   # another build's tools (the figures say which)
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/sync
mkdir -p "$out"
command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-sync monica-sandbox; fi
sandbox_args=(--port 0 --seed 1 --rate-limit 0)

echo "| contacts | first run (every file written) | nothing changed | every file touched (all read) |"
echo "|---|---|---|---|"
for count in 1000 5000; do
  start_sandbox --contacts "$count"
  export HOME="$PWD/$out/home" XDG_STATE_HOME="$PWD/$out/home/state"
  rm -rf "$out/home" "$out/book"
  mkdir -p "$HOME"
  measure() {  # a run of monica-sync: "seconds, MB"
    /usr/bin/time -f '%e %M' -o "$out/time" "$bin/monica-sync" --quiet "$out/book" 2>"$out/err" ||
      { cat "$out/err" >&2; exit 1; }
    awk '{ printf "%.2f s, %.1f MB", $1, $2 / 1024 }' "$out/time"
  }
  first=$(measure)
  files=$(ls "$out/book" | grep -c '\.vcf$')
  unchanged=$(measure)
  find "$out/book" -name '*.vcf' -exec touch {} +
  touched=$(measure)
  echo "| $count ($files files) | $first | $unchanged | $touched |"
done
