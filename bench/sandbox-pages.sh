#!/usr/bin/env bash
# How many 100-contact pages per second monica-sandbox serves (loopback only).
# Usage: bench/sandbox-pages.sh [contacts=10000] [seconds=10] [connections=8]
set -euo pipefail
cd "$(dirname "$0")/.."
contacts=${1:-10000}
seconds=${2:-10}
connections=${3:-8}
swift build -c release --product monica-sandbox >&2
bin=$(swift build -c release --show-bin-path)/monica-sandbox
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
"$bin" --contacts "$contacts" --rate-limit 0 --ready-file "$work/ready.json" > /dev/null &
pid=$!
started=$(date +%s.%N)
while [ ! -f "$work/ready.json" ]; do sleep 0.02; done
echo "startup with $contacts contacts: $(echo "$(date +%s.%N) - $started" | bc) s"
api=$(sed -E 's/.*"api":"([^"]*)".*/\1/' "$work/ready.json")
token=$(sed -E 's/.*"token":"([^"]*)".*/\1/' "$work/ready.json")
last=$(( (contacts + 99) / 100 ))
# Walk every page in turn, as a fetcher would.
cat > "$work/pages.lua" <<LUA
local page = 0
request = function()
  page = page % $last + 1
  return wrk.format("GET", "/api/contacts?limit=100&page=" .. page,
    { ["Authorization"] = "Bearer $token", ["Accept"] = "application/json" })
end
LUA
if command -v wrk > /dev/null; then
  wrk -t 2 -c "$connections" -d "${seconds}s" -s "$work/pages.lua" "${api%/api}"
else
  # Fallback: one keep-alive curl fetching every page in turn.
  urls=()
  for ((i = 1; i <= last; i++)); do urls+=("$api/contacts?limit=100&page=$i"); done
  begin=$(date +%s.%N)
  curl -s -o /dev/null -H "Authorization: Bearer $token" -H 'Accept: application/json' "${urls[@]}"
  echo "curl keep-alive: $last pages in $(echo "$(date +%s.%N) - $begin" | bc) s"
fi
