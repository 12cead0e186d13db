#!/usr/bin/env bash
# Benchmarks monica-avatar save: 1,000 contacts' faces under a rate limit, against its floor.
#
#   bench/avatar.sh            # RUNS=3 runs, median; LIMIT=2/2, LATENCY=20 (ms), PHOTOS=4 by default
#
# Release build; monica-sandbox on 127.0.0.1 with its gravatar-like second origin on another
# loopback port, both answering after LATENCY ms. The account: the first 1,000 listed contacts
# of `--seed 1`, each given PHOTOS photos (4,000, so 40 pages of /api/photos at 100), and
# every contact whose avatar was the initials or a photo shows its last photo, except every
# fourth by id, which shows its initials; the adorable (data URL) and gravatar avatars stay. It
# is served with --load, the same for every run. Timed: monica-avatar save --dir DIR < contacts.
#
# The floor: a photo avatar's bytes are only in the photo record's dataUrl, so the fewest
# requests the API allows are one walk of /api/photos, 100 a page, up to the page that holds the
# last wanted photo: R = ceil(P / 100) requests, P that photo's place in the list (by id), where
# a request per photo-source contact would cost one each. Data URLs and initials need no request,
# and the gravatar images come from another origin, which Monica's limit does not count. Under
# LIMIT=N/S (Laravel's fixed window, opened by the first request it counts) R requests need
# W = ceil(R / N) windows, and the last cannot open before (W - 1) x S seconds after the first
# request: that is the floor. The script checks that the run made exactly R requests to the
# instance (429s apart). A second run with the cache warm must make no image request at all:
# no gravatar GET and no /api/photos page; the script fails otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
limit=${LIMIT:-2/2}
latency=${LATENCY:-20}
photos=${PHOTOS:-4}
count=1000
out=bench/out/avatar
mkdir -p "$out"
source bench/lib.sh
release_build monica-sandbox monica-fetch monica-avatar
per=${limit%/*}; window=${limit#*/}

ports=$(python3 -c 'import socket
for _ in range(2):
  s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
port=$(echo "$ports" | head -n 1); gravatar_port=$(echo "$ports" | tail -n 1)
sandbox_args=(--port "$port" --gravatar-port "$gravatar_port" --latency "$latency")

# The account, made once from the seeded sandbox on the same ports (so its links hold).
start_sandbox --seed 1 --contacts 1200 --rate-limit 0
"$bin/monica-fetch" contacts --max "$count" > "$out/seed.ndjson"
"$bin/monica-fetch" photos --max 1 > "$out/photo.ndjson"
jq -c -s --arg base "$MONICA_URL" --argjson k "$photos" --slurpfile template "$out/photo.ndjson" '
  def short($c; $avatar): {id: $c.id, uuid: $c.uuid, object: "contact", hash_id: $c.hash_id,
    first_name: $c.first_name, last_name: $c.last_name, nickname: $c.nickname, complete_name: $c.complete_name,
    initials: $c.initials, gender: $c.gender, gender_type: $c.gender_type, is_starred: $c.is_starred,
    is_partial: $c.is_partial, is_active: $c.is_active, is_dead: $c.is_dead, is_me: $c.is_me,
    information: {birthdate: $c.information.dates.birthdate, deceased_date: $c.information.dates.deceased_date,
      avatar: $avatar}, url: $c.url, account: $c.account};
  def name($id): "photos/bench-\($id).png";
  to_entries[] | .key as $i | .value as $c | $c.information.avatar as $old
  | (($old.source == "default" or $old.source == "photo") and $c.id % 4 != 0) as $photo
  | (if $photo then $old + {url: "\($base)/store/\(name($i * $k + $k))", source: "photo"}
     elif $old.source == "photo" then $old + {url: "", source: "default"} else $old end) as $avatar
  | ($c | .information.avatar = $avatar),
    (range(1; $k + 1) as $n | ($i * $k + $n) as $id
     | $template[0] + {id: $id, uuid: "00000000-0000-4000-8000-\("\(1000000000000 + $id)"[1:])",
         new_filename: name($id), link: "\($base)/store/\(name($id))", contact: short($c; $avatar)})
' "$out/seed.ndjson" > "$out/account.ndjson"
start_sandbox --load "$out/account.ndjson" --rate-limit 0
"$bin/monica-fetch" contacts > "$out/contacts.ndjson"
[ "$(wc -l < "$out/contacts.ndjson")" -eq "$count" ] || { echo "the account lists not $count contacts" >&2; exit 1; }
last=$(jq -s '[.[] | select(.object == "photo") | .link] as $links
  | [.[] | select(.object == "contact" and .information.avatar.source == "photo") | .information.avatar.url] as $wanted
  | [$links | to_entries[] | select(.value as $l | $wanted | index($l)) | .key + 1] | max' "$out/account.ndjson")
requests=$(( (last + 99) / 100 )); windows=$(( (requests + per - 1) / per )); floor=$(( (windows - 1) * window ))
[ "$floor" -gt 0 ] || { echo "LIMIT=$limit: $requests requests fit in one window, there is no floor" >&2; exit 1; }

export HOME="$PWD/$out/home" XDG_CACHE_HOME="$PWD/$out/home/.cache" XDG_CONFIG_HOME="$PWD/$out/home/.config" \
  XDG_DATA_HOME="$PWD/$out/home/.local/share"
command="$bin/monica-avatar save --dir $out/faces < $out/contacts.ndjson"
: > "$out/cold.times"; : > "$out/warm.times"; : > "$out/rows"
for i in $(seq "$runs"); do
  rm -rf "$out/home" "$out/faces"; mkdir -p "$out/home"
  start_sandbox --load "$out/account.ndjson" --rate-limit "$limit"
  seconds "$command" >> "$out/cold.times"
  [ "$(wc -l < "$out/stdout")" -eq "$count" ] || { echo "run $i: not $count results" >&2; exit 1; }
  cp "$out/requests.ndjson" "$out/cold.ndjson"
  api=$(jq -c 'select(.server == null and .status != 429)' "$out/cold.ndjson" | wc -l)
  images=$(jq -c 'select(.server == "gravatar")' "$out/cold.ndjson" | wc -l)
  too_many=$(jq -c 'select(.status == 429)' "$out/cold.ndjson" | wc -l)
  fallbacks=$(jq -c 'select(.reason != null and .source != null)' "$out/stdout" | wc -l)
  jq -r .from "$out/stdout" | sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }' > "$out/from.cold"
  [ "$api" -eq "$requests" ] || { echo "run $i: $api requests to the instance, not the $requests of one walk" >&2; exit 1; }
  sleep $((window + 1)); before=$(wc -l < "$out/requests.ndjson")
  seconds "$command" >> "$out/warm.times"
  tail -n +$((before + 1)) "$out/requests.ndjson" > "$out/warm.ndjson"
  warm_requests=$(jq -c 'select(.server == "gravatar" or .path == "/api/photos")' "$out/warm.ndjson" | wc -l)
  jq -r .from "$out/stdout" | sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }' > "$out/from.warm"
  cold=$(tail -n 1 "$out/cold.times"); warm=$(tail -n 1 "$out/warm.times")
  printf '| %d | %.3f s | %d (%d) | %d | %d s | %+.1f%% | %.3f s | %d |\n' "$i" "$cold" "$api" "$too_many" "$images" \
    "$floor" "$(echo "($cold / $floor - 1) * 100" | bc -l)" "$warm" "$warm_requests" | tee -a "$out/rows"
  echo "  cold: $(cat "$out/from.cold"); $fallbacks fallbacks; warm: $(cat "$out/from.warm")"
  [ "$warm_requests" -eq 0 ] || { echo "run $i: the warm run made $warm_requests image requests" >&2; exit 1; }
done
cold=$(median < "$out/cold.times"); warm=$(median < "$out/warm.times")
photo_contacts=$(jq -c 'select(.information.avatar.source == "photo")' "$out/contacts.ndjson" | wc -l)
printf '| median | %.3f s | | | %d s | %+.1f%% | %.3f s | 0 |\n' "$cold" "$floor" \
  "$(echo "($cold / $floor - 1) * 100" | bc -l)" "$warm"
printf '%d contacts (%d photo-source: a request each would be %d), last wanted photo at %d: R = %d requests, LIMIT=%s: W = %d windows, floor (%d - 1) x %d s = %d s; latency %d ms\n' \
  "$count" "$photo_contacts" "$photo_contacts" "$last" "$requests" "$limit" "$windows" "$windows" "$window" "$floor" \
  "$latency"
