#!/usr/bin/env bash
# Benchmarks the README's "every contact in one vCard file" recipe: the old one (one
# `monica-fetch contacts ID --with-fields` process and request per contact) against the new one
# (`monica-fetch contacts --with-fields | monica-format vcard`, one paged walk), in the same run.
#
#   bench/vcard-export.sh       # the default sandbox: 200 seeded contacts, 60 requests a minute
#
# Release build; monica-sandbox on 127.0.0.1 only, with its defaults (seed 1, 200 contacts of
# which the list shows the active, non-partial ones, and Monica's default rate limit, 60/60).
# Both recipes must write the same cards (compared sorted by UID).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/vcard-export
mkdir -p "$out"
source bench/lib.sh
release_build monica-sandbox monica-fetch monica-format
export PATH="$bin:$PATH"
# A default sandbox each time (start_sandbox), each recipe in its own rate-limit window.
sandbox_args=(--port 0)

# run NAME COMMAND: wall time, requests and cards of a recipe, as a table row.
run() {
  start_sandbox
  local start end
  start=$(date +%s.%N)
  bash -o pipefail -c "$2" > "$out/$1.vcf"
  end=$(date +%s.%N)
  local cards requests emails
  cards=$(grep -c '^BEGIN:VCARD' "$out/$1.vcf")
  emails=$(grep -c '^EMAIL' "$out/$1.vcf")
  requests=$(grep -c '"path":"/api/contacts' "$out/requests.ndjson")
  printf '| %s | %s | %.1f s | %s | %s |\n' "$1" "$cards" "$(echo "$end - $start" | bc)" "$requests" "$emails"
}

echo "| recipe | cards | wall time | requests | EMAIL lines |"
echo "|---|---:|---:|---:|---:|"
run old 'monica-fetch contacts | jq -r .id | while read -r id; do monica-fetch contacts "$id" --with-fields; done | monica-format vcard'
run new 'monica-fetch contacts --with-fields | monica-format vcard'
sorted() { tr -d '\r' < "$1" | awk '/^BEGIN:VCARD/ { card = "" } { card = card $0 "\x1f" } /^END:VCARD/ { print card }' | sort; }
if cmp -s <(sorted "$out/old.vcf") <(sorted "$out/new.vcf"); then echo "same cards: yes"; else echo "same cards: NO"; exit 1; fi
