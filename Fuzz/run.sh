#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets (Fuzz/MonicaFuzz) with -sanitize=fuzzer,address and runs
# each for FUZZ_SECONDS (default 30), seeded from a live monica-sandbox. Corpora and crashes stay
# under .build-fuzz/; a crash fails the run and names its input, to become a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-30}
targets=${FUZZ_TARGETS:-json scanner envelope ratelimit credential lines contract cache vcard terminal}
out=.build-fuzz/run
MONICA_FUZZ=1 swift build --scratch-path .build-fuzz --product monica-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
fuzzer=$(MONICA_FUZZ=1 swift build --scratch-path .build-fuzz --show-bin-path)/monica-fuzz
swift build --product monica-sandbox >&2
swift build --product monica-auth >&2
bin=$(swift build --show-bin-path)

# Seeds from sandbox data: pages, records, credential files, rate-limit headers.
work=$(mktemp -d)
trap 'kill $sandbox 2>/dev/null || true; rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$HOME"
"$bin/monica-sandbox" --port 0 --contacts 60 --ready-file "$work/ready.json" >/dev/null 2>&1 &
sandbox=$!
for _ in $(seq 100); do [ -s "$work/ready.json" ] && break; sleep 0.1; done
url=$(jq -r .url "$work/ready.json")
token=$(jq -r .token "$work/ready.json")
for target in json scanner envelope ratelimit credential lines contract cache $targets; do
  mkdir -p "$out/corpus/$target" "$out/crashes/$target"
done
n=0
for path in contacts notes tasks gifts activities tags photos me contacts/3 "contacts?query=a"; do
  n=$((n + 1))
  curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $token" "$url/api/$path" >"$work/page.json" || continue
  for target in envelope contract; do [ -d "$out/corpus/$target" ] && cp "$work/page.json" "$out/corpus/$target/seed-$n"; done
  jq -c '[.data | if type == "array" then .[] else . end][:5][]' "$work/page.json" | split -l 1 - "$work/rec-$n-"
done
for file in "$work"/rec-*; do
  [ -e "$file" ] || continue
  for target in json scanner lines contract; do [ -d "$out/corpus/$target" ] && cp "$file" "$out/corpus/$target/"; done
done
printf '%s\n' "$token" | "$bin/monica-auth" login --url "$url" --token-stdin --profile fuzz >/dev/null 2>&1
cp "$XDG_CONFIG_HOME/monica/fuzz.credentials" "$out/corpus/credential/seed-keyfile"
printf '%s\n' "$token" | MONICA_PASSPHRASE=fuzz "$bin/monica-auth" login --url "$url" --token-stdin --profile fuzzp \
  --passphrase >/dev/null 2>&1 && cp "$XDG_CONFIG_HOME/monica/fuzzp.credentials" "$out/corpus/credential/seed-passphrase"
# vCard seeds: the test fixtures, and a card of each kind the reader bounds.
cp Tests/EndToEndTests/Fixtures/vcard/*.vcf "$out/corpus/vcard/" 2>/dev/null || true
printf 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nNOTE:a\r\n b\r\n c\r\nEND:VCARD\r\n' >"$out/corpus/vcard/seed-folded"
printf 'BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:M=C3=BC=\r\nller;J\r\nEND:VCARD\r\n' >"$out/corpus/vcard/seed-qp"
printf 'Alice\x1b]0;title\x07 \xc2\x9b2J \xe2\x80\xae gnp.exe \x7f' >"$out/corpus/terminal/seed-1"
i=0
for headers in '60\x0059\x00\x00' '60\x000\x001\x001700000060' '60\x000\x00inf\x00' '60\x000\x00\x001e30' \
  '60\x000\x00Sun, 06 Nov 1994 08:49:37 GMT\x00' '60\x0059\x00nan\x00-1'; do
  i=$((i + 1))
  printf "$headers" >"$out/corpus/ratelimit/seed-$i"
done

status=0
for target in $targets; do
  echo "fuzz: $target for ${seconds}s" >&2
  # LeakSanitizer cannot see the catalogue's rule trees, built once on first use and held through
  # Swift's tagged enum payload pointers, and reports them as leaks: off for that target only.
  leaks=1; [ "$target" = contract ] && leaks=0
  if ! ASAN_OPTIONS=detect_leaks=$leaks MONICA_FUZZ_TARGET=$target "$fuzzer" -detect_leaks=$leaks -max_total_time="$seconds" -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$out/crashes/$target/" "$out/corpus/$target" >"$out/$target.log" 2>&1; then
    echo "fuzz: $target FOUND A CRASH: $(ls "$out/crashes/$target")" >&2
    tail -n 30 "$out/$target.log" >&2
    status=1
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$out/$target.log" | sed "s/^/fuzz: $target /" >&2
done
exit $status
