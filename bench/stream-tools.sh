#!/usr/bin/env bash
# Benchmarks monica-filter, monica-format and monica-page against jq on sandbox contacts.
#
#   bench/stream-tools.sh            # 200,000 contacts (CONTACTS=N to change), best of 3 runs
#   BASE_BIN=DIR bench/stream-tools.sh   # also the CPU of DIR's monica-filter and monica-format
#                                        # (another commit's release build) against this tree's,
#                                        # the two run in turn on the same input
#
# Release build; the input comes from monica-sandbox (seeded, so the same every time) through
# curl and ONE `jq -c '.data[]'`, which writes it in jq's own canonical form: jq re-serializes
# what it prints (it decodes \/ and \uXXXX), our tools pass the input bytes through, so only on
# jq-canonical input can `cmp` demand byte-identical outputs. Timings and outputs come from the
# same run on the same machine; peak memory is GNU time's maximum resident set size.
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${CONTACTS:-200000}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"

command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
release_build monica-sandbox monica-filter monica-format monica-page

input="$out/contacts-$contacts.ndjson"
if [ ! -s "$input" ]; then
  rm -f "$out/ready.json"
  # The plain contact list leaves archived contacts out (about one in eight): generate a fifth
  # more and keep the first $contacts.
  "$bin/monica-sandbox" --port 0 --exit-with-parent --ready-file "$out/ready.json" --contacts $((contacts * 6 / 5)) --seed 1 --rate-limit 0 \
    >/dev/null 2>"$out/sandbox.err" &
  sandbox=$!
  trap 'kill $sandbox 2>/dev/null || true' EXIT
  until [ -s "$out/ready.json" ]; do sleep 0.2; done
  api=$(jq -r .api "$out/ready.json")
  token=$(jq -r .token "$out/ready.json")
  pages=$(( (contacts * 6 / 5 + 99) / 100 ))
  for page in $(seq "$pages"); do
    curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $token" "$api/contacts?limit=100&page=$page"
    echo
  done | jq -c '.data[]' | awk -v n="$contacts" 'NR <= n' > "$input.tmp"
  [ "$(wc -l < "$input.tmp")" -eq "$contacts" ] || { echo "the sandbox served too few contacts" >&2; exit 1; }
  mv "$input.tmp" "$input"
  kill "$sandbox"; trap - EXIT
fi
bytes=$(stat -L -c %s "$input")
lines=$(wc -l < "$input")
echo "input: $input, $lines records, $bytes bytes" >&2

row() {  # label, jq result line, ours result line
  read -r _ jqs jqk <<<"$2"; read -r _ ours ourk <<<"$3"
  awk -v l="$1" -v b="$bytes" -v js="$jqs" -v jk="$jqk" -v os="$ours" -v ok="$ourk" 'BEGIN{
    printf "| %s | %.2f s (%.0f MB/s, %.1f MB) | %.2f s (%.0f MB/s, %.1f MB) | %.1fx |\n",
      l, js, b/js/1e6, jk/1024, os, b/os/1e6, ok/1024, js/os }'
}

jq_dead=$(best_run jq "$out/dead.jq" jq -c 'select(.is_dead)')
our_dead=$(best_run ours "$out/dead.ours" "$bin/monica-filter" --dead)
cmp "$out/dead.jq" "$out/dead.ours"

jq_csv=$(best_run jq "$out/csv.jq" jq -r '[.id,.first_name,.last_name] | @csv')
our_csv=$(best_run ours "$out/csv.ours" "$bin/monica-format" csv --no-header --fields id,first_name,last_name)
# RFC 4180 ends lines with CRLF, jq with LF: the only difference, taken out before comparing.
sed 's/$/\r/' "$out/csv.jq" | cmp - "$out/csv.ours"

echo "| task ($lines contacts, $((bytes / 1000000)) MB) | jq 1.6 | ours | speed-up |"
echo "|---|---|---|---|"
row '`monica-filter --dead` vs `jq -c '"'"'select(.is_dead)'"'"'`' "$jq_dead" "$our_dead"
row '`monica-format csv --no-header --fields id,first_name,last_name` vs `jq -r '"'"'[.id,.first_name,.last_name] \| @csv'"'"'`' "$jq_csv" "$our_csv"
if [ -n "${BASE_BIN:-}" ]; then
  # paired_cpu LABEL ARGS...: the least user+system CPU of `runs` runs of BASE_BIN's and this
  # tree's tool, run in turn (base, ours, base, ours...) so that both meet the same load; the
  # outputs must be identical.
  paired_cpu() {
    local label=$1; shift
    local base="" ours="" cpu
    for _ in $(seq "$runs"); do
      /usr/bin/time -f '%U %S' -o "$out/time" "$BASE_BIN/$1" "${@:2}" < "$input" > "$out/paired.base"
      cpu=$(awk '{print $1 + $2}' "$out/time")
      if [ -z "$base" ] || awk "BEGIN{exit !($cpu < $base)}"; then base=$cpu; fi
      /usr/bin/time -f '%U %S' -o "$out/time" "$bin/$1" "${@:2}" < "$input" > "$out/paired.ours"
      cpu=$(awk '{print $1 + $2}' "$out/time")
      if [ -z "$ours" ] || awk "BEGIN{exit !($cpu < $ours)}"; then ours=$cpu; fi
    done
    cmp "$out/paired.base" "$out/paired.ours"
    awk -v l="$label" -v b="$base" -v o="$ours" 'BEGIN{ printf "| %s | %.2f s | %.2f s | %.2fx |\n", l, b, o, o/b }'
  }
  echo
  echo "| CPU, user + system (least of $runs, run in turn) | $BASE_BIN | this tree | this / base |"
  echo "|---|---|---|---|"
  paired_cpu '`monica-filter --dead`' monica-filter --dead
  paired_cpu '`monica-format csv --no-header --fields id,first_name,last_name`' monica-format csv --no-header --fields id,first_name,last_name
fi
echo
echo "| stream tool | time | peak memory |"
echo "|---|---|---|"
for command in "monica-filter --name a" "monica-page --size 100 --page 1000" "monica-page --size 100 --wrap" \
  "monica-format table" "monica-format tsv" "monica-format json" "monica-format vcard" \
  "monica-format template --template {{complete_name}}"; do
  read -r _ seconds kib <<<"$(best_run x "$out/other" env COLUMNS=120 TMPDIR="$out" $bin/$command 2>/dev/null)"
  printf '| `%s` | %.2f s | %.1f MB |\n' "$command" "$seconds" "$(awk "BEGIN{print $kib/1024}")"
done
wrap_check=$("$bin/monica-page" --size 100 --wrap < "$input" | "$bin/monica-page" --unwrap | cmp - "$input" && echo same)
read -r _ seconds kib <<<"$(best_run x "$out/other" sh -c "$bin/monica-page --size 100 --wrap | $bin/monica-page --unwrap")"
printf '| `monica-page --wrap \\| monica-page --unwrap` (output %s as input) | %.2f s | %.1f MB (both) |\n' "$wrap_check" "$seconds" "$(awk "BEGIN{print $kib/1024}")"
