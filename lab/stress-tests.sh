#!/usr/bin/env bash
# Proof of no flakes: runs the whole test suite (mvn -B verify, CI=true) N times beside a CPU hog on every core,
# keeps each run's log and JUnit reports, and prints how often each test passed (lab/test-pass-counts.py).
# Usage: lab/stress-tests.sh [RUNS (default 3)] [-- EXTRA MAVEN ARGS]; exits 1 when any test failed in any run.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
if [[ $# -gt 0 && $1 != -- ]]; then runs=$1; shift; fi
[[ $# -gt 0 && $1 == -- ]] && shift
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "stress-tests.sh: error: RUNS must be a positive whole number, not '$runs'" >&2; exit 2; }

out=target/stress-tests/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"

# One busy loop per core, at the tests' own priority, for the whole of every run.
hogs=()
stop_hogs() { [[ ${#hogs[@]} -eq 0 ]] || kill "${hogs[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$(nproc)"); do
    ( while :; do :; done ) &
    hogs+=("$!")
done
echo "stress-tests.sh: ${#hogs[@]} CPU hog(s) running; $runs run(s) of mvn -B verify; reports in $out"

for run in $(seq "$runs"); do
    start=$SECONDS
    status=0
    find . -path ./target -prune -o -type d -path '*/target/*-reports' -print0 | xargs -0 -r rm -rf # no stale reports
    # the suite with default signals even when this script runs in the background (where INT and QUIT are ignored)
    CI=true env --default-signal=INT,QUIT,TERM mvn -B verify -Dmaven.test.failure.ignore=true "$@" \
        >"$out/run-$run.log" 2>&1 || status=$?
    mkdir -p "$out/run-$run"
    find . -path ./target -prune -o -path '*/target/*-reports/TEST-*.xml' -print0 \
        | xargs -0 -r cp -t "$out/run-$run"
    echo "stress-tests.sh: run $run/$runs: mvn exit $status, $((SECONDS - start)) s"
done

stop_hogs
hogs=()
python3 lab/test-pass-counts.py "$out"/run-*/
