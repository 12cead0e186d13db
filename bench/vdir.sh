#!/usr/bin/env bash
# Benchmarks monica-format vcard --vdir: peak resident memory and wall time of a first run (every
# card written) and a second run (nothing changed) for 1,000 and 30,000 contacts, against the
# floor of the same tool writing the cards to /dev/null. Cards are written as they come (issue 39
# item 5): memory must not grow with the number of cards.
#
#   bench/vdir.sh                 # release build
#   BIN=.build/debug bench/vdir.sh   # another build's tools (the figures say which)
#
# The input: the contacts of Tests/EndToEndTests/Fixtures/contacts.ndjson repeated with new ids
# and uuids (deterministic), so that no server is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/vdir
mkdir -p "$out"
command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-format; fi

echo "| cards | input | to /dev/null | vdir, first run | vdir, second run (nothing changed) |"
echo "|---|---|---|---|---|"
for count in 1000 30000; do
  input="$out/contacts-$count.ndjson"
  python3 - "$count" Tests/EndToEndTests/Fixtures/contacts.ndjson > "$input" <<'PY'
import json, sys, uuid
count, fixture = int(sys.argv[1]), [json.loads(l) for l in open(sys.argv[2])]
for i in range(count):
    record = dict(fixture[i % len(fixture)])
    record["id"] = i + 1
    record["uuid"] = str(uuid.UUID(int=i + 1))
    print(json.dumps(record, separators=(",", ":")))
PY
  rm -rf "$out/book"
  measure() {  # label, args: "seconds MB"
    /usr/bin/time -f '%e %M' -o "$out/time" "$bin/monica-format" vcard "$@" "$input" > /dev/null 2>"$out/err"
    awk '{ printf "%.2f s, %.1f MB", $1, $2 / 1024 }' "$out/time"
  }
  floor=$(measure)
  first=$(measure --vdir "$out/book")
  second=$(measure --vdir "$out/book")
  [ "$(ls "$out/book" | grep -c '\.vcf$')" -eq "$count" ] || { echo "not $count files" >&2; exit 1; }
  echo "| $count | $(($(stat -c %s "$input") / 1000)) KB | $floor | $first | $second |"
done
