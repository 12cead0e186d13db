#!/usr/bin/env bash
# Benchmarks monica-import csv: wall time and peak resident memory on a generated Google CSV
# export of 10,000 and 100,000 rows, against reading the same file with Python's csv module (the
# floor a user would script: every row parsed, nothing written), in the same run; then two
# hostile inputs streamed on stdin, never written to disk: a quoted cell opened and never closed
# for 1 GiB, and 1 GiB of 1,000 rows of 1 MiB each (every one over the record bound).
#
#   bench/import-csv.sh
#   BIN=.build/debug bench/import-csv.sh   # the debug build instead of a release one
#   BASE=/tmp/main-bin bench/import-csv.sh # also another build's monica-import (a copy of main's,
#                                          # say), each input run by both in turn, outputs compared
#
# The rows are seeded (the same bytes every run): the current Google header with two e-mail,
# two phone and one address group, a birthday (one in five year-less), labels with Google's
# system groups, a note with a quoted comma; one row in twenty is an earlier row's person again
# (the same e-mail address and name), which the in-file matching makes one contact.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/import-csv
mkdir -p "$out"
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-import; fi

generate() {
  python3 - "$1" > "$2" <<'PY'
import csv, random, sys
random.seed(40)
n = int(sys.argv[1])
header = ("First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,"
  "Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,"
  "Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,"
  "Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Address 1 - Label,Address 1 - Formatted,"
  "Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,"
  "Address 1 - Country,Address 1 - Extended Address").split(",")
w = csv.writer(sys.stdout, lineterminator="\n")
sys.stdout.write("\ufeff")
w.writerow(header)
for i in range(1, n + 1):
    j = random.randrange(1, i) if i > 20 and i % 20 == 0 else i
    bday = "--%02d-%02d" % (1 + j % 12, 1 + j % 28) if j % 5 == 0 else "19%02d-%02d-%02d" % (j % 100, 1 + j % 12, 1 + j % 28)
    street = "%d Main Street" % j
    w.writerow(["Jane", "", "Doe%d" % j, "", "", "", "", "", "", "", "Acme %d" % (j % 50), "Clerk", "", bday,
                "Met at the fair, year %d" % (1990 + j % 30), "", "Friends ::: * myContacts",
                "* Home", "jane%d@example.com" % j, "Work", "j%d@work.example" % j,
                "Mobile", "+1 555 %07d" % j, "Work", "+1 556 %07d" % j, "Home",
                "%s\nSpringfield IL 62701\nUSA" % street, street, "Springfield", "", "IL", "62701", "USA", ""])
PY
}

# row NAME COMMAND...: peak RSS, user CPU, wall time and exit status of COMMAND (stdout to
# $out/records.ndjson, stderr to $out/stderr).
row() {
  local rss user seconds status=0 name=$1
  shift
  /usr/bin/time -f '%M %U %e' -o "$out/time" "$@" > "$out/records.ndjson" 2> "$out/stderr" || status=$?
  read -r rss user seconds < <(tail -n 1 "$out/time")
  printf '| %s | %s | %.1f MB | %s s | %s s | %s |\n' "$name" "$(wc -l < "$out/records.ndjson")" \
    "$(echo "$rss / 1024" | bc -l)" "$user" "$seconds" "$status"
}

# versions NAME ARGS...: `row` of monica-import ARGS, and with BASE also of BASE's monica-import
# right after it, their stdout and stderr compared byte for byte.
versions() {
  local name=$1
  shift
  row "monica-import $name" "$bin/monica-import" "$@"
  tail -n 1 "$out/stderr" | cut -c1-200 >&2
  [ -n "${BASE:-}" ] || return 0
  mv "$out/records.ndjson" "$out/records.this.ndjson"
  mv "$out/stderr" "$out/stderr.this"
  # The program's name starts its messages: BASE's copy is run under the same name.
  row "monica-import (BASE) $name" "$BASE/monica-import" "$@"
  if cmp -s "$out/records.ndjson" "$out/records.this.ndjson" && cmp -s "$out/stderr" "$out/stderr.this"; then
    echo "$name: the same stdout and stderr as BASE's" >&2
  else
    echo "$name: stdout or stderr differ from BASE's" >&2
  fi
}

floor='import csv, sys
n = 0
for row in csv.reader(open(sys.argv[1], newline="", encoding="utf-8-sig")):
    n += 1
print(n)'

echo "| input | lines out | peak RSS | user CPU | wall | exit |"
echo "|---|---:|---:|---:|---:|---:|"
for rows in 10000 100000; do
  file=$out/google-$rows.csv
  [ -f "$file" ] || generate "$rows" "$file"
  versions "csv, $rows rows ($(du -h "$file" | cut -f1))" csv "$file"
  row "python3 csv.reader, $rows rows" python3 -c "$floor" "$file"
done
hostile_quote() { printf 'First Name,Last Name\nAna,"'; head -c 1073741824 /dev/zero | tr '\0' x; }
hostile_rows() {
  printf 'First Name,Last Name\n'
  python3 -c '
import sys
cell = b"x" * (1 << 20)
for i in range(1024): sys.stdout.buffer.write(b"Ana," + cell + b"\n")'
}
# The generators' CPU is in these rows' user CPU too (a pipeline is timed as a whole).
for dir in "$bin" ${BASE:+"$BASE"}; do
  which=""
  [ "$dir" = "$bin" ] || which=" (BASE)"
  row "1 GiB quoted cell never closed (stdin)$which" bash -c "$(declare -f hostile_quote); hostile_quote | $dir/monica-import csv --from columns --columns first_name='First Name' -"
  tail -n 1 "$out/stderr" >&2
  row "1 GiB of 1 MiB rows, --skip-invalid (stdin)$which" bash -c "$(declare -f hostile_rows); hostile_rows | $dir/monica-import csv --skip-invalid --columns first_name='First Name' -"
  tail -n 1 "$out/stderr" | cut -c1-200 >&2
done
