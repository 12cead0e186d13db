#!/usr/bin/env bash
# Benchmarks a monica-remind run on a large account: the requests it sends (one paged walk of
# reminders, one of contacts, and /api/me) and the time it takes, without a rate limit (the
# tool's own cost) and under Monica's default 60 requests a minute (what a user waits).
#
#   bench/remind.sh                  # 10,000 contacts and 5,000 reminders (CONTACTS=N REMINDERS=N)
#   RATED=0 bench/remind.sh          # skip the run under the rate limit (it takes minutes)
#   BIN=.build/debug bench/remind.sh # the debug build instead of a release one
#
# Release build. The account is generated (python3, below, seeded) and served by monica-sandbox
# --load: every contact listed (none partial or archived), 70% with a birthday (a tenth of them
# without the year), 2% deceased with a day of death; reminders of every frequency type spread
# over the contacts, initial dates over 2020-2026. Times are the median of RUNS runs (3) each.
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${CONTACTS:-10000}
reminders=${REMINDERS:-5000}
runs=${RUNS:-3}
out=bench/out
mkdir -p "$out"

command -v /usr/bin/time >/dev/null || { apt-get install -y time >/dev/null; }
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-remind monica-sandbox; fi

input="$out/remind-$contacts-$reminders.ndjson"
if [ ! -s "$input" ]; then
  python3 - "$contacts" "$reminders" > "$input.tmp" <<'EOF2'
import json, random, sys, uuid
contacts, reminders = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(42)
def uid(): return str(uuid.UUID(int=rng.getrandbits(128), version=4))
stamp = "2024-01-01T00:00:00Z"
empty = {"is_age_based": None, "is_year_unknown": None, "date": None}
print(json.dumps({"object": "user", "id": 1, "uuid": uid(), "first_name": "Bench", "last_name": "User",
                  "name": "Bench User", "email": "bench@example.com", "me_contact": None,
                  "timezone": "Europe/Paris", "currency": None, "locale": "en", "is_policy_compliant": True,
                  "account": {"id": 1}, "created_at": stamp, "updated_at": stamp}))
shorts = []
for i in range(1, contacts + 1):
    first, last = f"First{i}", f"Last{i}"
    dead = rng.random() < 0.02
    birth = empty
    if rng.random() < 0.7:
        unknown = rng.random() < 0.1
        birth = {"is_age_based": False, "is_year_unknown": unknown,
                 "date": f"{2026 if unknown else rng.randrange(1940, 2010)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T00:00:00Z"}
    death = {"is_age_based": False, "is_year_unknown": False,
             "date": f"{rng.randrange(2000, 2026)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T00:00:00Z"} if dead else empty
    name = f"{first} {last}" + (" \u26b0" if dead else "")
    short = {"id": i, "uuid": uid(), "object": "contact", "hash_id": f"h:{i:08x}", "first_name": first,
             "last_name": last, "nickname": None, "complete_name": name, "initials": first[0] + last[0],
             "gender": None, "gender_type": None, "is_starred": False, "is_partial": False, "is_active": True,
             "is_dead": dead, "is_me": False}
    shorts.append(dict(short, information={"birthdate": birth, "deceased_date": death,
                                           "avatar": {"url": "", "source": "default", "default_avatar_color": "#fdb660"}},
                       url=f"http://127.0.0.1/api/contacts/{i}", account={"id": 1}))
    full = dict(short, description=None, last_called=None, last_activity_together=None,
                stay_in_touch_frequency=None, stay_in_touch_trigger_date=None,
                information={"relationships": {g: {"total": 0, "contacts": []} for g in ("love", "family", "friend", "work")},
                             "dates": {"birthdate": birth, "deceased_date": death},
                             "career": {"job": None, "company": None},
                             "avatar": {"url": "", "source": "default", "default_avatar_color": "#fdb660"},
                             "food_preferences": None,
                             "how_you_met": {"general_information": None, "first_met_date": empty,
                                             "first_met_through_contact": None}},
                addresses=[], tags=[], statistics={"number_of_calls": 0, "number_of_notes": 0,
                "number_of_activities": 0, "number_of_reminders": 0, "number_of_tasks": 0, "number_of_gifts": 0,
                "number_of_debts": 0}, url=f"http://127.0.0.1/api/contacts/{i}", account={"id": 1},
                created_at=stamp, updated_at=stamp)
    print(json.dumps(full))
types = ["one_time", "week", "month", "year"]
for r in range(1, reminders + 1):
    kind = types[r % 4]
    print(json.dumps({"id": r, "uuid": uid(), "object": "reminder", "title": f"Reminder {r}", "description": None,
                      "frequency_type": kind, "frequency_number": 1 + rng.randrange(3) if kind != "one_time" else 1,
                      "initial_date": f"{rng.randrange(2020, 2027)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T00:00:00Z",
                      "delible": True, "account": {"id": 1}, "contact": shorts[rng.randrange(len(shorts))],
                      "created_at": stamp, "updated_at": stamp}))
EOF2
  mv "$input.tmp" "$input"
fi
echo "input: $input, $(jq -r .object "$input" | sort | uniq -c | awk '{ printf "%s %s ", $1, $2 }')" >&2

# run NAME ARGS...: RUNS runs of monica-remind ARGS against the sandbox; prints NAME, the
# requests of one run by path, the median wall seconds, the peak RSS and the lines written.
run() {
  local name=$1; shift
  local times=() rss=0 before
  for _ in $(seq "$runs"); do
    rm -f "$out/remind.state"
    before=$(wc -l < "$out/requests.ndjson")
    /usr/bin/time -f '%e %M' -o "$out/time" "$bin/monica-remind" --state "$out/remind.state" "$@" > "$out/remind.out"
    read -r seconds kib < "$out/time"
    times+=("$seconds")
    (( kib > rss )) && rss=$kib
    requests=$(tail -n +$((before + 1)) "$out/requests.ndjson" | jq -r .path | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }')
  done
  echo "$name: ${requests%, }; $(printf '%s\n' "${times[@]}" | median) s (median of $runs); peak RSS $((rss / 1024)) MB; $(wc -l < "$out/remind.out") lines"
}

sandbox_args=(--port 0 --load "$input")
start_sandbox --rate-limit 0
run "upcoming 30d, no rate limit" --upcoming 30d
run "a day's delivery to stdout, no rate limit" --today 2026-11-27 --before 7,1
run "a day's delivery, account's time zone from /api/me, no rate limit"

if [ "${RATED:-1}" = 1 ]; then
  start_sandbox
  runs=1 run "a day's delivery, Monica's default 60 requests a minute" --today 2026-11-27 --before 7,1
fi
