#!/usr/bin/env bash
# Benchmarks monica-merge: N groups (bench/merge.sh N) of two duplicates (default 50) merged against a sandbox
# limited to 60 requests a minute, against the floor: the fewest requests the plan needs.
#
#   bench/merge.sh                    # release build, 50 groups
#   BIN=.build/debug bench/merge.sh 10     # the debug build, 10 groups
#
# Each group: a contact with an e-mail and a note, and its duplicate made by an import (the
# e-mail in capitals) with a note and a task. They are made on a sandbox without a rate limit
# that keeps its store in a state file; the same store is then served at 60 requests a minute.
# The floor counts, per group: the keeper read (with=contactfields), the merged contact read,
# its 11 per-contact lists (8 kinds moved, 3 kinds that keep a contact from being deleted), the
# writes the dry run's plan lists (a move 1, a copy 2: create and delete, a fill 1, tags 1,
# the merge note 1, a delete 1), the keeper read back; and once per run one read of the newest
# tasks (the floor of the in-doubt look-up).
set -euo pipefail
cd "$(dirname "$0")/.."
groups=${1:-50}
out=bench/out/merge
mkdir -p "$out"
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-sandbox monica-fetch monica-dedupe monica-merge; fi

state="$out/state.json"
rm -f "$state" "$out/journal"
sandbox_args=(--contacts 0 --state "$state")
start_sandbox --rate-limit 0
post() { curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' \
  -H "Authorization: Bearer $MONICA_TOKEN" --data-binary "$2" "$api/$1" | jq -r .data.id; }
contact='"is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false'
for i in $(seq "$groups"); do
  for copy in 0 1; do
    email="person$i@example.org"; [ $copy = 1 ] && email="PERSON$i@Example.org"
    id=$(post contacts "{\"first_name\":\"Person$i\",\"last_name\":\"Bench\",$contact}")
    post contactfields "{\"contact_id\":$id,\"contact_field_type_id\":1,\"data\":\"$email\"}" >/dev/null
    post notes "{\"contact_id\":$id,\"body\":\"note $i.$copy\"}" >/dev/null
    [ $copy = 1 ] && post tasks "{\"contact_id\":$id,\"title\":\"task $i\"}" >/dev/null
  done
done
"$bin/monica-fetch" contacts --with-fields | "$bin/monica-dedupe" > "$out/groups.ndjson"
echo "groups: $(wc -l < "$out/groups.ndjson")" >&2

# The plan, read without a rate limit (only its request count matters).
start_sandbox --rate-limit 0
"$bin/monica-merge" --dry-run < "$out/groups.ndjson" > "$out/plan.txt"
dry=$(wc -l < "$out/requests.ndjson")
writes=$(awk '/^(move|fill|delete) /{n++} /^copy /{n+=2} /^tag /{n++} END{print n+0}' "$out/plan.txt")
notes=$(grep -c '^note ' "$out/plan.txt" || true)
kinds=$(grep -q '^copy task' "$out/plan.txt" && echo 1 || echo 0)
floor=$((groups * (2 + 11 + 1) + writes + notes + kinds))

start_sandbox --rate-limit 60/60
start=$(date +%s.%N)
"$bin/monica-merge" --yes --journal "$out/journal" < "$out/groups.ndjson" > "$out/merged.ndjson"
end=$(date +%s.%N)
requests=$(wc -l < "$out/requests.ndjson")
limited=$(jq -r 'select(.status == 429) | 1' "$out/requests.ndjson" | wc -l)
seconds=$(echo "$end - $start" | bc)
echo "dry run: $dry requests (reads only)"
echo "merge: $groups groups, $(wc -l < "$out/merged.ndjson") merged, $requests requests ($limited answered 429), floor $floor"
echo "wall: $seconds s; the floor at 60 a minute: $(( (floor - 60 > 0 ? floor - 60 : 0) ))+ s (the first 60 at once, then one a second)"
