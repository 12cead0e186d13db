#!/usr/bin/env bash
# Peak resident memory and wall time of one monica-avatar run over ten contacts whose avatars
# are ten different hostile answers of the sandbox's image origin (issue 24): endless- (chunked,
# 1 MiB chunks without end), huge- (11 MB chunked), sized- (11 MB with its Content-Length), and
# plain images as the floor; with the default 8 downloads at once and with --jobs 1.
#
#   bench/hostile-images.sh            release build
#   BIN=.build/debug bench/hostile-images.sh
#
# Each image must be asked for once and cut at 10 MB ("larger than 10 MB"), the initials saved.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/hostile-images
mkdir -p "$out"
source bench/lib.sh
if [ -n "${BIN:-}" ]; then bin=$BIN; else release_build monica-sandbox monica-avatar; fi
sandbox_args=(--port 0 --gravatar-port 0 --contacts 3 --rate-limit 0)
export HOME="$PWD/$out/home" XDG_CONFIG_HOME="$PWD/$out/home/.config" XDG_DATA_HOME="$PWD/$out/home/.local/share"
export XDG_CACHE_HOME="$PWD/$out/home/.cache" MONICA_TIMEOUT_MS=30000 MONICA_BACKOFF_MS=10

echo "| answers | jobs | peak RSS | wall time | requests | exit |"
echo "|---|---:|---:|---:|---:|---:|"
for prefix in plain- endless- huge- sized-; do
  for jobs in 8 1; do
    rm -rf "$HOME" "$out/faces"
    mkdir -p "$HOME"
    start_sandbox
    gravatar=$(jq -r .gravatar "$out/ready.json")
    for i in $(seq 10); do
      printf '{"id":%d,"object":"contact","initials":"AB","information":{"avatar":{"url":"%s/avatar/%s%d","source":"gravatar"}}}\n' \
        "$i" "$gravatar" "$prefix" "$i"
    done >"$out/in.ndjson"
    status=0
    /usr/bin/time -f '%M %e' -o "$out/time.txt" "$bin/monica-avatar" save --dir "$out/faces" --jobs "$jobs" \
      <"$out/in.ndjson" >"$out/results.ndjson" 2>"$out/stderr.txt" || status=$?
    read -r kilobytes seconds <"$out/time.txt"
    requests=$(jq -c 'select(.server == "gravatar")' "$out/requests.ndjson" | wc -l)
    printf '| %s | %s | %.1f MB | %s s | %s | %s |\n' "${prefix%-}" "$jobs" "$(awk "BEGIN { print $kilobytes / 1024 }")" \
      "$seconds" "$requests" "$status"
  done
done
