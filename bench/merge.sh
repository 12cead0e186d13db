#!/usr/bin/env bash
# Benchmarks monica-merge: N groups of two duplicates (default 50) merged against a sandbox
# limited to 60 requests a minute, against the floor: the fewest requests the plan needs.
#
#   bench/merge.sh                         # release build, 50 groups
#   BIN=.build/debug bench/merge.sh 10     # the debug build, 10 groups
#
# Each group: a contact with an e-mail and three notes, and its duplicate made by an import
# (the e-mail in capitals) with a note and a task, merged into it (the note moved, the task made
# again). They are made on a sandbox without a rate limit that keeps its store in a state file;
# the same store is then served at 60 requests a minute.
# The floor counts, per group: the keeper read (with=contactfields), the merged contact read,
# its lists that must be read (debts, pets, reminders, calls, conversations, relationships,
# photos, documents: 8; notes, gifts, activities and tasks only when its statistics count some),
# the writes the dry run's plan lists (a move 1, a copy 2: create and delete, a fill 1, tags 1,
# the merge note 1, a left contact's note 1, a delete 1), the keeper read back and its list of
# each kind a record moved to (notes, tasks...: the read-back checks each record by id); once
# per run, the account's life events (no per-contact list) and one read of the newest records of
# each kind made again (the floor of the in-doubt look-up).
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
    if [ $copy = 0 ]; then
      # The original holds more: monica-dedupe keeps it, and the import's copy is merged into it.
      for n in 2 3; do post notes "{\"contact_id\":$id,\"body\":\"note $i.0.$n\"}" >/dev/null; done
    else
      post tasks "{\"contact_id\":$id,\"title\":\"task $i\"}" >/dev/null
    fi
  done
done
"$bin/monica-fetch" contacts --with-fields | "$bin/monica-dedupe" > "$out/groups.ndjson"
echo "groups: $(wc -l < "$out/groups.ndjson")" >&2

# The plan, read without a rate limit (only its request count matters).
start_sandbox --rate-limit 0
"$bin/monica-merge" --dry-run < "$out/groups.ndjson" > "$out/plan.txt"
dry=$(wc -l < "$out/requests.ndjson")
floor=$(awk '
  /^# keep/ { groups++; split("", seen); split("", back) }
  /^(move|copy|leave) (note|gift|activity|task) / { if (!seen[$2]++) lists++ }
  /^(move|copy) / && $2 != "contactfield" && $2 != "address" { if (!back[$2]++) readback++ }
  /^(move|fill|delete|tag|leave #)/ { writes++ }
  /^copy / { writes += 2; if (!kinds[$2]++) once++ }
  /^note / { if (!noted[groups]++) writes++ }
  END { print groups * (2 + 8 + 1) + lists + readback + writes + 1 + once }' "$out/plan.txt")

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
