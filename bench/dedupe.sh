#!/usr/bin/env bash
# Benchmarks monica-dedupe on generated contacts: wall seconds and peak RSS (GNU time).
#
#   bench/dedupe.sh              # 100,000 contacts (CONTACTS=N to change), best of 3 runs (RUNS=N)
#   BIN=.build/debug bench/dedupe.sh   # the debug build instead of a release one
#
# Release build. The input is made by a seeded generator (python3, below) in the shape
# `monica-fetch contacts --with-fields` prints: 2,000 first names x 5,000 last names (so some
# different people share a name), one e-mail each, a phone for 40%, a birthday for 30%, and
# 2% of them written a second time as a duplicate: the initial of the first name with the e-mail
# in another case; the card a phone kept (no e-mail, the phone in its national form); or a
# nickname for the first name. And 1% of households: another person of the same last name on the
# same phone, with an e-mail of their own. The script reports how many of the planted duplicates
# were found as groups (keep and merge being the original and its copy), and how many household
# pairs were grouped (none should be).
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${CONTACTS:-100000}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"

command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
# BIN=DIR: time the monica-dedupe already built in DIR instead of building a release one.
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-dedupe; fi

input="$out/dedupe-v2-$contacts.ndjson"
if [ ! -s "$input" ]; then
  python3 - "$contacts" > "$input.tmp" 2> "$input.planted" <<'EOF'
import json, random, sys
count = int(sys.argv[1])
rng = random.Random(1)
syllables = ["an", "be", "ca", "do", "el", "fi", "go", "ha", "is", "jo", "ka", "lu", "ma", "ne", "ol", "pa",
             "qu", "ri", "sa", "to", "ul", "vi", "wa", "xe", "yo", "zu"]
def word(n): return "".join(rng.choice(syllables) for _ in range(n)).capitalize()
firsts = [word(2) for _ in range(2000)]
lasts = [word(3) for _ in range(5000)]
def field(kind, content, i):
    return {"id": i, "object": "contactfield", "content": content,
            "contact_field_type": {"id": 1 if kind == "email" else 2, "object": "contactfieldtype",
                                   "name": "Email" if kind == "email" else "Phone", "type": kind}}
def contact(i, first, last, nick, email, phone, birthday):
    fields = ([field("email", email, i * 2)] if email else []) + ([field("phone", phone, i * 2 + 1)] if phone else [])
    dates = {"birthdate": {"is_age_based": False, "is_year_unknown": False, "date": birthday + "T00:00:00Z"}
             if birthday else {"is_age_based": None, "is_year_unknown": None, "date": None},
             "deceased_date": {"is_age_based": None, "is_year_unknown": None, "date": None}}
    return {"id": i, "object": "contact", "first_name": first, "last_name": last, "nickname": nick,
            "complete_name": f"{first} {last}", "gender": None, "gender_type": None, "is_partial": False,
            "information": {"dates": dates, "career": {"job": None, "company": None}},
            "addresses": [], "tags": [], "statistics": {"number_of_notes": rng.randrange(4)},
            "contactFields": fields, "notes": [], "created_at": "2024-01-01T00:00:00Z"}
planted = round(count * 0.02)
originals = count - planted
people = []
for i in range(1, originals + 1):
    first, last = rng.choice(firsts), rng.choice(lasts)
    phone = f"+33 6 {rng.randrange(10**8):08d}" if rng.random() < 0.4 else None
    birthday = f"{rng.randrange(1950, 2005)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}" \
        if rng.random() < 0.3 else None
    people.append((i, first, last, f"{first.lower()}.{last.lower()}.{i}@example.org", phone, birthday))
    print(json.dumps(contact(i, first, last, None, people[-1][3], phone, birthday)))
for n in range(planted):
    i, first, last, email, phone, birthday = people[rng.randrange(len(people))]
    copy = originals + n + 1
    way = n % 3
    if way == 0:
        print(json.dumps(contact(copy, first[0] + ".", last, None, email.upper(), None, None)))
    elif way == 1 and phone:
        print(json.dumps(contact(copy, first, last, None, None, "0" + phone[4:], birthday)))
    else:
        print(json.dumps(contact(copy, "Nick" + str(copy), last, first, None, None, None)))
    print(f"{i}\t{copy}", file=sys.stderr)
phoned = [p for p in people if p[4]]
for n in range(round(count * 0.01)):
    i, first, last, email, phone, birthday = phoned[rng.randrange(len(phoned))]
    other = rng.choice([f for f in firsts if f != first][:50])
    member = count + n + 1
    print(json.dumps(contact(member, other, last, None, f"{other.lower()}.{member}@example.org", "0" + phone[4:], None)))
    print(f"H\t{i}\t{member}", file=sys.stderr)
EOF
  mv "$input.tmp" "$input"
fi
lines=$(wc -l < "$input")
echo "input: $input, $lines contacts, $(stat -c %s "$input") bytes" >&2

result=$(best_run monica-dedupe "$out/dedupe.out" "$bin/monica-dedupe")
read -r _ seconds kib <<< "$result"
groups=$(wc -l < "$out/dedupe.out")
echo "monica-dedupe: $lines contacts, $seconds s, peak RSS $((kib / 1024)) MB, $groups groups"
python3 - "$input.planted" "$out/dedupe.out" <<'EOF'
import json, sys
lines = [line.split() for line in open(sys.argv[1])]
planted = [tuple(map(int, l)) for l in lines if l[0] != "H"]
households = [tuple(map(int, l[1:])) for l in lines if l[0] == "H"]
groups = [set([g["keep"]] + g["merge"]) for g in map(json.loads, open(sys.argv[2]))]
member = {i: n for n, g in enumerate(groups) for i in g}
def together(a, b): return a in member and member.get(b) == member[a]
found = sum(1 for a, b in planted if together(a, b))
print(f"planted duplicates found: {found} of {len(planted)}")
print(f"household pairs grouped: {sum(1 for a, b in households if together(a, b))} of {len(households)}")
EOF
jq -r '"\(.score)"' "$out/dedupe.out" | sort | uniq -c | sort -k2 -n -r | awk '{ print "  score " $2 ": " $1 " groups" }'
