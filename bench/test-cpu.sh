#!/usr/bin/env bash
# Where the time of `make test`'s end-to-end phase goes: each end-to-end suite run alone, one
# after the other, with the CPU (user + system, the test process and everything it started:
# tools, sandboxes, jq, Python) and the wall time it took; then, with process accounting when
# the machine allows it (`accton`, from Debian's acct, as root), the CPU of the whole phase by
# program. Both on the debug build that `make test` runs.
#
#   bench/test-cpu.sh              # every suite, then the accounting of one whole phase
#   bench/test-cpu.sh FetchTests   # these suites only, no accounting
#
# A suite's CPU is the figure that moves when its tests get cheaper; its wall time depends on
# what else the machine does. The phase runs in two test processes (Makefile, E2E_SECOND_SHARD),
# so its wall time is about its CPU divided by the two cores when nothing else runs.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/test-cpu
mkdir -p "$out"
swift build --build-tests >/dev/null
in_process='(MonicaKitTests|MonicaAPITests|MonicaSandboxTests|MonicaMCPTests|ConformanceTests)\.'
if (($#)); then
  suites=("$@")
else
  mapfile -t suites < <(swift test list --skip-build 2>/dev/null | sed -n 's/^EndToEndTests\.\([A-Za-z]*\)\/.*/\1/p' | sort -u)
fi
printf '| suite | tests | CPU s | wall s |\n|---|---:|---:|---:|\n'
total=0
for suite in "${suites[@]}"; do
  /usr/bin/time -f '%U %S %e' -o "$out/time" swift test --skip-build --filter "EndToEndTests\.$suite/" \
    >"$out/$suite.log" 2>&1 || echo "$suite failed: $out/$suite.log" >&2
  read -r user system wall < "$out/time"
  tests=$(grep -aoE 'Test run with [0-9]+ tests?' "$out/$suite.log" | awk '{ print $4 }')
  cpu=$(echo "$user + $system" | bc)
  total=$(echo "$total + $cpu" | bc)
  printf '| %s | %s | %.1f | %.1f |\n' "$suite" "${tests:-0}" "$cpu" "$wall"
done
printf '| all | | %.1f | |\n' "$total"
(($#)) && exit 0
command -v accton >/dev/null || { echo "no accton: the accounting by program is left out" >&2; exit 0; }
: > "$out/pacct"
accton "$out/pacct" >/dev/null || { echo "accton refused: the accounting by program is left out" >&2; exit 0; }
trap 'accton off >/dev/null' EXIT
start=$(date +%s.%N)
make --no-print-directory test-e2e >"$out/phase.log" 2>&1 || echo "the phase failed: $out/phase.log" >&2
end=$(date +%s.%N)
accton off >/dev/null
trap - EXIT
printf '\nThe whole phase (make test-e2e): %.1f s wall. CPU by program (s), the first 15:\n\n' "$(echo "$end - $start" | bc)"
printf '| program | processes | CPU s |\n|---|---:|---:|\n'
# sa -c prints minutes; its columns: processes, %, real, %, cp (user + system), ...
sa -a -c "$out/pacct" | awk 'NR > 1 && $NF != "" { printf "| %s | %s | %.1f |\n", $NF, $1, $5 * 60 }' \
  | sort -t'|' -k4 -rn | head -n 15
