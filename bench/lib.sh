# Helpers the benchmarks share. A script sets `out` (its folder under bench/out) and sources
# this file; `release_build` sets `bin`, and `sandbox_args` holds what each of the script's
# sandboxes gets besides the ready file and the request log (ports, seed, contacts).

sandbox=
sandbox_args=()

# release_build TOOL...: builds the tools in release mode and sets bin to where they are.
release_build() {
  local tool
  for tool in "$@"; do swift build -c release --product "$tool" >/dev/null; done
  bin=$(swift build -c release --show-bin-path)
}

# stop_sandbox: stops the sandbox start_sandbox started, if it runs.
stop_sandbox() {
  if [ -n "$sandbox" ]; then
    kill "$sandbox" 2>/dev/null || true
    wait "$sandbox" 2>/dev/null || true
    sandbox=
  fi
}
trap stop_sandbox EXIT

# start_sandbox ARGS...: a fresh sandbox (so a fresh rate-limit window) with sandbox_args and
# ARGS, logging its requests to $out/requests.ndjson; sets MONICA_URL, MONICA_TOKEN and api.
start_sandbox() {
  stop_sandbox
  rm -f "$out/ready.json" "$out/requests.ndjson"
  "$bin/monica-sandbox" --exit-with-parent --ready-file "$out/ready.json" --log "$out/requests.ndjson" "${sandbox_args[@]}" "$@" \
    >/dev/null 2>"$out/sandbox.err" &
  sandbox=$!
  until [ -s "$out/ready.json" ]; do
    kill -0 "$sandbox" 2>/dev/null || { echo "monica-sandbox did not start:" >&2; cat "$out/sandbox.err" >&2; return 1; }
    sleep 0.2
  done
  MONICA_URL=$(jq -r .url "$out/ready.json")
  MONICA_TOKEN=$(jq -r .token "$out/ready.json")
  api=$(jq -r .api "$out/ready.json")
  export MONICA_URL MONICA_TOKEN
}

# seconds COMMAND: the wall time of a bash command (with pipefail), its stdout in $out/stdout.
seconds() {
  local start end
  start=$(date +%s.%N)
  bash -o pipefail -c "$1" > "$out/stdout"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

# median: the median of the numbers on stdin, one a line (the lower middle one of an even count).
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# best_run NAME RESULT COMMAND...: "NAME SECONDS KIB", the best wall time of `runs` runs of
# COMMAND reading $input and writing RESULT, with that run's peak RSS (GNU time).
best_run() {
  local name=$1 result=$2; shift 2
  local best="" rss=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$out/time" "$@" < "$input" > "$result"
    read -r seconds kib < "$out/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($seconds < $best)}"; then best=$seconds; rss=$kib; fi
  done
  echo "$name $best $rss"
}
