#!/usr/bin/env bash
# The CPU a debug monica-sandbox spends before it is ready (what each end-to-end test pays), old
# binary against new, and proof that both seed the same account byte for byte.
# Usage: bench/sandbox-startup.sh OLD [NEW=the debug build] [starts=10] [contacts=200]
#   OLD: a monica-sandbox built from the commit to compare with (copy it aside before changing
#   anything: `swift build --product monica-sandbox && cp .build/debug/monica-sandbox /tmp/old`).
# Identity: for each configuration both binaries start with --state FILE (the seeded store is
# written at start), their two ports (instance, gravatar) are replaced by INSTANCE and GRAVATAR,
# and the files are compared with cmp, as are a few API answers. Any difference fails the script.
# CPU: user+system ticks (/proc/PID/stat fields 14 and 15) once the ready file exists, `starts`
# starts of each binary alternating, median, with --contacts `contacts` (200: the default, which
# most end-to-end tests start). Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1")
if [ -n "${2:-}" ]; then
  new=$(realpath "$2")
else
  swift build --product monica-sandbox >&2
  new=$(swift build --show-bin-path)/monica-sandbox
fi
starts=${3:-10}
contacts=${4:-200}
out=bench/out/sandbox-startup
rm -rf "$out"
mkdir -p "$out"
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT

# start BINARY READY ARGS...: starts a sandbox, waits for its ready file, sets pid.
start() {
  local binary=$1 ready=$2
  shift 2
  rm -f "$ready"
  "$binary" --exit-with-parent --rate-limit 0 --ready-file "$ready" "$@" > /dev/null 2> "$ready.err" &
  pid=$!
  until [ -s "$ready" ]; do
    kill -0 "$pid" 2> /dev/null || { echo "monica-sandbox did not start:" >&2; cat "$ready.err" >&2; exit 1; }
    sleep 0.01
  done
}

stop() {
  kill "$pid" 2> /dev/null || true
  wait "$pid" 2> /dev/null || true
  pid=
}

# normalise READY FILE: the instance's and the gravatar origin's ports replaced by names (in
# plain and in JSON-escaped URLs), and times within ten minutes of now (--duplicates' contacts
# are created "now") by NOW. With --duplicates also the values the writer draws from the
# system's random generator (uuids, hash ids, hex file names, avatar colours): that part of the
# account differs on every start.
normalise() {
  local port gravatar
  port=$(jq -r .url "$1" | sed 's/.*://')
  gravatar=$(jq -r .gravatar "$1" | sed 's/.*://')
  sed -E -e "s/127\.0\.0\.1:$gravatar([^0-9]|$)/127.0.0.1:GRAVATAR\1/g" \
    -e "s/127\.0\.0\.1:$port([^0-9]|$)/127.0.0.1:INSTANCE\1/g" "$2" |
    NOW=$(date +%s) perl -MTime::Local=timegm -pe '
      sub near { abs($_[0] - $ENV{NOW}) < 600 }
      s/(?<![0-9])(1[0-9]{9})(?![0-9])/near($1) ? "NOW" : $1/ge;
      s/([0-9]{4})-([0-9]{2})-([0-9]{2})[T ]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?Z?/
        near(timegm($6, $5, $4, $3, $2 - 1, $1)) ? "NOW" : $&/ge' |
    if [ "$random" = yes ]; then
      sed -E -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/UUID/g' -e 's/"h:[0-9a-f]{8}"/"h:HASH"/g' \
        -e 's/[0-9a-f]{40}|[0-9a-f]{32}/HEX/g' -e 's/"default_avatar_color":"#[0-9a-f]{6}"/"default_avatar_color":"COLOUR"/g'
    else
      cat
    fi
}

# seeded NAME BINARY ARGS...: the normalised state file and API answers of one start.
seeded() {
  local name=$1 binary=$2
  shift 2
  local dir=$out/$name
  mkdir -p "$dir"
  start "$binary" "$dir/ready.json" --state "$dir/state.raw" "$@"
  local api token
  api=$(jq -r .api "$dir/ready.json")
  token=$(jq -r .token "$dir/ready.json")
  for path in 'contacts?limit=100&page=1' 'contacts?limit=100&page=2' 'photos' 'activities?limit=50' \
    'contacts/1' 'me'; do
    curl -s -H "Authorization: Bearer $token" -H 'Accept: application/json' "$api/$path" > "$dir/answer.raw"
    normalise "$dir/ready.json" "$dir/answer.raw" > "$dir/${path//[^a-z0-9]/_}.json"
  done
  stop
  normalise "$dir/ready.json" "$dir/state.raw" > "$dir/state.ndjson"
  rm -f "$dir/state.raw" "$dir/answer.raw"
}

configurations=(
  "default|" "contacts-1|--contacts 1" "contacts-10|--contacts 10" "contacts-1000|--contacts 1000"
  "duplicates|--duplicates" "public-storage|--public-storage" "seed-7|--seed 7"
  "public-duplicates|--public-storage --duplicates --seed 3"
)
different=0
random=no
for entry in "${configurations[@]}"; do
  name=${entry%%|*}
  read -r -a args <<< "${entry#*|}"
  random=no
  case " ${args[*]} " in *" --duplicates "*) random=yes ;; esac
  seeded "$name/old" "$old" "${args[@]}"
  seeded "$name/new" "$new" "${args[@]}"
  for file in "$out/$name/old/"*.json "$out/$name/old/state.ndjson"; do
    [ "$(basename "$file")" = ready.json ] && continue
    if cmp -s "$file" "$out/$name/new/$(basename "$file")"; then :; else
      echo "DIFFERENT: $name $(basename "$file")"
      different=1
    fi
  done
  echo "$name: $(wc -l < "$out/$name/new/state.ndjson") state lines, $(wc -c < "$out/$name/new/state.ndjson") bytes compared"
done

# ticks BINARY: the CPU ticks of one start, until ready.
ticks() {
  start "$1" "$out/ticks-ready.json" --contacts "$contacts"
  local stat
  read -r -a stat < "/proc/$pid/stat"
  stop
  # The command name (field 2) has no spaces, so field N is element N-1.
  echo $((stat[13] + stat[14]))
}
: > "$out/old.ticks"
: > "$out/new.ticks"
for _ in $(seq "$starts"); do
  ticks "$old" >> "$out/old.ticks"
  ticks "$new" >> "$out/new.ticks"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
hz=$(getconf CLK_TCK)
echo "start-up CPU until ready, --contacts $contacts ($starts starts each, median, ${hz} ticks/s):"
echo "  old: $(median < "$out/old.ticks") ticks ($(tr '\n' ' ' < "$out/old.ticks"))"
echo "  new: $(median < "$out/new.ticks") ticks ($(tr '\n' ' ' < "$out/new.ticks"))"
if [ "$different" != 0 ]; then
  echo "the seeded accounts differ" >&2
  exit 1
fi
echo "identical seeded accounts and answers in every configuration"
