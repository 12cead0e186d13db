#!/usr/bin/env bash
# Benchmarks a migration: a ~2,000-record account from one sandbox into an empty one with
# monica-push --create --map, under Monica's 60-a-minute limit scaled down, against its floor.
#
#   bench/migrate.sh            # RUNS=3 runs, median wall time; LIMIT=60/1 by default
#
# Release build; two monica-sandbox processes on 127.0.0.1 only. The source is seeded (--seed 1,
# CONTACTS=210 contacts) and read once with monica-fetch --all, unpaced, into a file: about
# 2,000 records of every kind (contacts, archived and partial ones too, and every record about
# them), tags and the other named lists monica-push matches by name, and what it does not carry
# (the audit log, documents behind a browser session, untitled journal entries; counted). The timed part is monica-push
# --create --map into a fresh empty target limited to LIMIT=N/S (N requests per fixed window
# of S seconds that opens at its first request, as Laravel's throttle). The floor comes from
# the same run: the target's request log counts every request the migration made (creates,
# tag, avatar, work, food, introduction and gift-photo follow-ups, the reads of names), R, and
# they need W = ceil(R / N) windows,
# the last of which cannot open before (W - 1) x S seconds. Each run is checked: the target
# holds as many records of each created kind as the source (monica-fetch --all on both), and a
# second run with the same map sends no request that writes.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
limit=${LIMIT:-60/1}
contacts=${CONTACTS:-210}
out=bench/out/migrate
mkdir -p "$out"
source bench/lib.sh
release_build monica-sandbox monica-push monica-fetch
# The kinds created, each record with its map line; those hanging off a contact are also counted
# on the target (journal entries and companies not: an empty sandbox has its own).
created="contact activity note task photo gift call reminder debt pet address contactfield relationship lifeevent conversation entry occupation company"
about="activity note task photo gift call reminder debt pet address contactfield relationship lifeevent conversation occupation"
source_pid= target_pid=
trap '[ -n "$source_pid" ] && kill "$source_pid" 2>/dev/null; [ -n "$target_pid" ] && kill "$target_pid" 2>/dev/null; true' EXIT

# start NAME ARGS...: a sandbox; its URL and token in $out/NAME.json.
start() {
  local name=$1
  shift
  rm -f "$out/$name.json" "$out/$name.log"
  "$bin/monica-sandbox" --port 0 --ready-file "$out/$name.json" --log "$out/$name.log" "$@" \
    >/dev/null 2>"$out/$name.err" &
  echo $!
}
wait_ready() { until [ -s "$out/$1.json" ]; do sleep 0.1; done; }
on() { MONICA_URL=$(jq -r .url "$out/$1.json") MONICA_TOKEN=$(jq -r .token "$out/$1.json") "${@:2}"; }

export HOME="$PWD/$out/home"
mkdir -p "$HOME"
source_pid=$(start source --seed 1 --contacts "$contacts" --rate-limit 0)
wait_ready source
on source "$bin/monica-fetch" --all > "$out/stream.ndjson" 2>/dev/null
records=$(wc -l < "$out/stream.ndjson")
# counts FILE: "object count" lines of the kinds monica-push creates.
counts() { jq -r .object "$1" | sort | uniq -c | awk -v kinds=" $created " 'index(kinds, " " $2 " ") { print $2, $1 }'; }
counts "$out/stream.ndjson" > "$out/source.counts"
creates=$(awk '{ s += $2 } END { print s }' "$out/source.counts")
echo "== $records records in the stream, $creates of them to create ($(paste -sd, "$out/source.counts" | sed 's/,/, /g'))"

per=${limit%/*}; window=${limit#*/}
: > "$out/times"; : > "$out/floors"
for i in $(seq "$runs"); do
  [ -n "$target_pid" ] && { kill "$target_pid"; wait "$target_pid" 2>/dev/null || true; }
  target_pid=$(start target --seed 2 --contacts 0 --rate-limit "$limit")
  wait_ready target
  rm -f "$out/map.tsv"
  sleep "$window"  # the run opens a fresh window, as the floor assumes
  start_time=$(date +%s.%N)
  on target "$bin/monica-push" --create --map "$out/map.tsv" --quiet < "$out/stream.ndjson" > "$out/stdout" \
    2> "$out/stderr" || { cat "$out/stderr" >&2; exit 1; }
  end_time=$(date +%s.%N)
  seconds=$(echo "$end_time - $start_time" | bc)
  requests=$(wc -l < "$out/target.log")
  too_many=$(jq -c 'select(.status == 429)' "$out/target.log" | wc -l)
  windows=$(( (requests + per - 1) / per ))
  floor=$(( (windows - 1) * window ))
  echo "$seconds" >> "$out/times"
  echo "$floor" >> "$out/floors"
  # Checked after the timing: every record of the source has its copy, and a re-run writes nothing.
  # Every record to create has its map line (an untitled journal entry aside: the API refuses
  # it, and the summary says so), and the target lists as many of each kind about contacts.
  awk -F'\t' -v kinds=" $created " 'index(kinds, " " $1 " ") { n[$1]++ } END { for (k in n) print k, n[k] }' \
    "$out/map.tsv" | sort | cmp -s - <(jq -r 'select(.object != "entry" or .title != null and .title != "") | .object' \
      "$out/stream.ndjson" | sort | uniq -c | awk -v kinds=" $created " 'index(kinds, " " $2 " ") { print $2, $1 }') \
    || { echo "run $i: the map lacks records" >&2; exit 1; }
  on target "$bin/monica-fetch" --all > "$out/target.ndjson" 2>/dev/null
  only() { grep -E "^($(echo $about | tr ' ' '|')) "; }
  counts "$out/target.ndjson" | only | cmp -s - <(only < "$out/source.counts") \
    || { echo "run $i: the target's records differ in number from the source's" >&2; exit 1; }
  before=$(jq -c 'select(.method != "GET")' "$out/target.log" | wc -l)
  on target "$bin/monica-push" --create --map "$out/map.tsv" < "$out/stream.ndjson" > /dev/null 2>"$out/rerun.err"
  after=$(jq -c 'select(.method != "GET")' "$out/target.log" | wc -l)
  [ "$before" -eq "$after" ] || { echo "run $i: the re-run wrote $((after - before)) times" >&2; exit 1; }
  printf 'run %d: %.3f s, %d requests (%d answered 429), floor (%d - 1) x %d s = %d s, %.1f%% over\n' \
    "$i" "$seconds" "$requests" "$too_many" "$windows" "$window" "$floor" \
    "$(echo "($seconds / $floor - 1) * 100" | bc -l)"
done
paced=$(median < "$out/times")
floor=$(median < "$out/floors")
printf '%d records created under --rate-limit %s: monica-push %.3f s (median of %d), floor %d s, %.1f%% over\n' \
  "$creates" "$limit" "$paced" "$runs" "$floor" "$(echo "($paced / $floor - 1) * 100" | bc -l)"
