#!/usr/bin/env bash
# Peak resident memory and wall time of monica-avatar and monica-photo save over legitimate but
# large photo pages (issue 24): contacts whose avatars are their own photos of up to 10 MB
# (Monica's upload limit), incompressible, so that one /api/photos page of 100 carries tens of
# megabytes of base64 (Photo.php:30), up to the 64 MiB cap of an API answer.
#
#   bench/photo-pages.sh            release build
#   BIN=.build/debug bench/photo-pages.sh
#
# Cases: four 9.7 MB photos (a 52.5 MB page); four of 10 MiB and one of 6 MB (near the cap); one
# contact's 10 MiB photo alone (its own photos' route). Every saved file must be the uploaded one.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/photo-pages
mkdir -p "$out"
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-sandbox monica-avatar monica-photo monica-fetch; fi
bin=$(cd "$bin" && pwd)
sandbox_args=(--port 0 --contacts 6 --rate-limit 0)
export HOME="$PWD/$out/home" XDG_CONFIG_HOME="$PWD/$out/home/.config" XDG_DATA_HOME="$PWD/$out/home/.local/share"
export XDG_CACHE_HOME="$PWD/$out/home/.cache" MONICA_TIMEOUT_MS=120000 MONICA_BACKOFF_MS=10

# image FILE BYTES SEED: an incompressible PNG (the signature, then random bytes).
image() {
  { printf '\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR'; head -c "$(($2 - 16))" <(openssl enc -aes-128-ctr -nosalt \
    -pass "pass:$3" -in /dev/zero 2>/dev/null); } >"$1"
}

# measure NAME COMMAND: one table row, the peak RSS and wall time of COMMAND run in $out.
measure() {
  local status=0
  (cd "$out" && /usr/bin/time -f '%M %e' -o time.txt bash -o pipefail -c "$2" >results.ndjson 2>stderr.txt) || status=$?
  read -r kilobytes seconds <"$out/time.txt"
  printf '| %s | %s | %.1f MB | %s s | %s |\n' "$1" "$page" "$(awk "BEGIN { print $kilobytes / 1024 }")" "$seconds" "$status"
}

# same DIR: every result's file is the image uploaded for its contact (photo_id for monica-photo).
same() {
  jq -r --arg key "$2" '"\(.[$key]) \(.file)"' "$out/results.ndjson" | while read -r id file; do
    [ -f "$out/expected/$id" ] || continue
    cmp -s "$out/expected/$id" "$out/$file" || { echo "$file differs from the uploaded image" >&2; exit 1; }
  done
}

echo "| run | page | peak RSS | wall time | exit |"
echo "|---|---:|---:|---:|---:|"
for sizes in "9700000 9700000 9700000 9700000" "10485760 10485760 10485760 10485760 6000000"; do
  rm -rf "$HOME" "$out/faces" "$out/one" "$out/photos" "$out/expected" "$out/in.ndjson"
  mkdir -p "$HOME" "$out/expected"
  start_sandbox
  mapfile -t ids < <("$bin/monica-fetch" contacts | jq -r .id)
  index=0
  for size in $sizes; do
    contact=${ids[$index]}
    image "$out/photo-$index.png" "$size" "$index"
    photo=$("$bin/monica-photo" upload --contact "$contact" "$out/photo-$index.png" | jq -r .id)
    "$bin/monica-avatar" set --contact "$contact" --source photo --photo "$photo" >>"$out/in.ndjson"
    cp "$out/photo-$index.png" "$out/expected/$contact"
    ln -sf "$contact" "$out/expected/p$photo"
    index=$((index + 1))
  done
  bytes=$(curl -sf -H "Authorization: Bearer $MONICA_TOKEN" "$api/photos?page=1&limit=100" | wc -c)
  page="$(awk "BEGIN { printf \"%.1f\", $bytes / 1e6 }") MB"
  measure "monica-avatar save, $index photo avatars" "$bin/monica-avatar save --dir faces < in.ndjson"
  same faces contact_id
  head -n 1 "$out/in.ndjson" >"$out/one.ndjson"
  measure "monica-avatar save, the first contact alone (--refresh)" "$bin/monica-avatar save --refresh --dir one < one.ndjson"
  same one contact_id
  "$bin/monica-fetch" photos >"$out/photos.ndjson"
  measure "monica-photo save of the photos" "$bin/monica-photo save --dir photos < photos.ndjson"
  jq -c '.photo_id |= "p\(.)"' "$out/results.ndjson" >"$out/renamed.ndjson" && mv "$out/renamed.ndjson" "$out/results.ndjson"
  same photos photo_id
done
