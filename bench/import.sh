#!/usr/bin/env bash
# Benchmarks monica-import vcard: peak resident memory and wall time for 1,000, 10,000 and
# 100,000 cards, against the floor of the same binary on an empty input, in the same run.
#
#   bench/import.sh
#   BIN=.build/debug bench/import.sh   # the debug build instead of a release one
#
# Release build. The cards are generated (seeded, so the same bytes every run): each has N, FN,
# two EMAILs, a TEL, an ADR, a BDAY (one in five year-less, --MMDD), ORG, TITLE, a NOTE, a
# grouped URL with an Apple label; one in ten a folded 4.5 KB inline JPEG PHOTO; one in seven
# is vCard 2.1 with quoted-printable and CHARSET=Windows-1252. Constant memory means the peak
# stays flat as the card count grows tenfold and a hundredfold.
#
# Then the two hostile cards of issue 24, each between two ordinary cards: one with a million
# EMAIL lines (21 MB), one whose NOTE is folded over a million continuation lines (100 MB).
# Each is refused (65, the card's line) and skipped with --skip-invalid, before it is held whole.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/import
mkdir -p "$out"
source bench/lib.sh
# BIN=DIR: time the monica-import already built in DIR instead of building a release one.
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-import; fi

generate() {
  python3 - "$1" <<'PY'
import base64, random, sys
random.seed(14)
n = int(sys.argv[1])
photo = base64.b64encode(b"\xff\xd8\xff\xe0" + bytes(random.randrange(256) for _ in range(4500))).decode()
out = open(1, "wb")
for i in range(1, n + 1):
    if i % 7 == 0:
        card = [b"BEGIN:VCARD", b"VERSION:2.1", b"N;CHARSET=Windows-1252:M\xfcller%d;J\xfcrgen" % i,
                b"FN;CHARSET=Windows-1252:J\xfcrgen M\xfcller%d" % i, b"TEL;WORK;VOICE:+49 30 %07d" % i,
                b"NOTE;ENCODING=QUOTED-PRINTABLE:Zust=C3=A4ndig f=C3=BCr=0D=0ANorddeutschland=", b" (Karte %d)" % i,
                b"END:VCARD"]
    else:
        bday = "--%02d%02d" % (1 + i % 12, 1 + i % 28) if i % 5 == 0 else "19%02d-%02d-%02d" % (i % 100, 1 + i % 12, 1 + i % 28)
        lines = ["BEGIN:VCARD", "VERSION:3.0", "N:Doe%d;Jane;;;" % i, "FN:Jane Doe%d" % i,
                 "EMAIL;type=INTERNET;type=HOME:jane%d@example.com" % i, "EMAIL;type=WORK:j%d@work.example" % i,
                 "TEL;type=CELL:+1 555 %07d" % i, "ADR;type=HOME:;;%d Main Street;Springfield;IL;62701;USA" % i,
                 "BDAY:" + bday, "ORG:Acme %d;Sales" % (i % 50), "TITLE:Clerk",
                 "NOTE:Met at the fair\\, year %d; likes tea." % (1990 + i % 30),
                 "item1.URL:https://example.com/%d" % i, "item1.X-ABLabel:_$!<HomePage>!$_"]
        if i % 10 == 0:
            data = "PHOTO;ENCODING=b;TYPE=JPEG:" + photo
            lines += [data[:75]] + [" " + data[k:k + 74] for k in range(75, len(data), 74)]
        card = [l.encode() for l in lines + ["END:VCARD"]]
    out.write(b"\r\n".join(card) + b"\r\n")
PY
}

# measure NAME FILE [OPTION...]: peak RSS (MB), wall time and exit status of one import, as a
# table row.
measure() {
  local cards rss seconds records status=0 name=$1 file=$2
  shift 2
  /usr/bin/time -f '%M %e' -o "$out/time" "$bin/monica-import" vcard "$@" "$file" > "$out/records.ndjson" \
    2> "$out/stderr" || status=$?
  read -r rss seconds < <(tail -n 1 "$out/time")
  cards=$(grep -c '"object":"contact"' "$out/records.ndjson" || true)
  records=$(wc -l < "$out/records.ndjson")
  printf '| %s | %s | %s | %s | %.1f MB | %s s | %s |\n' "$name" "$(du -h "$file" | cut -f1)" "$cards" "$records" \
    "$(echo "$rss / 1024" | bc -l)" "$seconds" "$status"
}

# hostile KIND: an ordinary card, the hostile card, an ordinary card.
hostile() {
  python3 - "$1" <<'PY'
import sys
out = open(1, "wb")
card = lambda name: b"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:%s\r\nEND:VCARD\r\n" % name
out.write(card(b"Ann Before"))
out.write(b"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Hostile Card\r\n")
if sys.argv[1] == "emails":
    for start in range(1, 1_000_001, 10_000):
        out.write(b"".join(b"EMAIL:user%d@example.com\r\n" % i for i in range(start, start + 10_000)))
else:
    out.write(b"NOTE:start\r\n")
    block = (b" " + b"x" * 97 + b"\r\n") * 10_000
    for _ in range(100):
        out.write(block)
out.write(b"END:VCARD\r\n")
out.write(card(b"Bob After"))
PY
}

: > "$out/empty.vcf"
for n in 1000 10000 100000; do generate "$n" > "$out/cards-$n.vcf"; done
# The same 10,000 cards twice: every card of the second half is matched to its first (in-file).
cat "$out/cards-10000.vcf" "$out/cards-10000.vcf" > "$out/cards-10000-twice.vcf"
hostile emails > "$out/hostile-emails.vcf"
hostile note > "$out/hostile-note.vcf"
echo "| input | size | contacts | records | peak RSS | wall time | exit |"
echo "|---|---:|---:|---:|---:|---:|---:|"
measure "empty (floor)" "$out/empty.vcf"
for n in 1000 10000 100000; do measure "$n cards" "$out/cards-$n.vcf"; done
measure "10000 cards twice" "$out/cards-10000-twice.vcf"
for kind in emails note; do
  measure "hostile: $kind" "$out/hostile-$kind.vcf"
  measure "hostile: $kind, --skip-invalid" "$out/hostile-$kind.vcf" --skip-invalid
done
