#!/usr/bin/env bash
# Measures `report` on a big synthetic results folder (issue 26, item 7): its wall time and its peak heap.
# Run lab/bench-report.sh --help for the arguments.
set -euo pipefail

readonly PROG=bench-report.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
# shellcheck source-path=SCRIPTDIR source=lib/jvm_flags.sh
source "$LAB_DIR/lib/jvm_flags.sh" # KEEP_STACK_TRACES
readonly JAR="$LAB_DIR/../analysis/target/dbus-lab-analysis.jar"
JAVA=${JAVA:-java}

usage() {
    cat <<USAGE
Usage: lab/$PROG [CELLS [RUNS [HEAP]]]

Writes a synthetic results folder of CELLS cells x RUNS runs (default 200 x 5000 = 10^6 runs; CELLS a
multiple of 10) into a temporary folder, runs 'report' on it with -Xmx HEAP (default 1g), and prints the wall
time of the report and its peak heap (the largest heap in use at the start of a GC, from -Xlog:gc). Goals:
at most 2 minutes and 1 GiB. Needs analysis/target/dbus-lab-analysis.jar (mvn -B -pl analysis -am package).
Exit codes: 0 measured, 1 the report failed, 2 bad usage or no jar.
USAGE
}

[[ "${1:-}" != -h && "${1:-}" != --help ]] || { usage; exit 0; }
(($# <= 3)) || { echo "$PROG: error: at most 3 arguments (see --help)" >&2; exit 2; }
cells=${1:-200} runs=${2:-5000} heap=${3:-1g}
[[ -f "$JAR" ]] || { echo "$PROG: error: $JAR is missing: run mvn -B -pl analysis -am package" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-report.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$JAVA" "$KEEP_STACK_TRACES" -cp "$JAR" org.dbuslab.analysis.bench.SyntheticFolder "$work/folder" "$cells" "$runs" ||
    exit 2
started=$(date +%s%N)
if ! "$JAVA" "$KEEP_STACK_TRACES" "-Xmx$heap" "-Xlog:gc:file=$work/gc.log" -jar "$JAR" report "$work/folder" \
    >/dev/null 2>"$work/stderr"; then
    echo "$PROG: error: report failed: $(tail -n 1 "$work/stderr")" >&2
    exit 1
fi
ended=$(date +%s%N)
peak=$(grep -oE ' [0-9]+M->' "$work/gc.log" | tr -dc '0-9\n' | sort -n | tail -n 1)
printf 'report on %s cells x %s runs (runs.csv %s MB): %.1f s wall, peak heap %s MiB (-Xmx%s), %s\n' \
    "$cells" "$runs" "$(($(stat -c %s "$work/folder/runs.csv") / 1000000))" \
    "$(((ended - started) / 1000000))e-3" "${peak:-0}" "$heap" \
    "$(grep -oE '[0-9]+ resamples' "$work/folder/report.md" | head -n 1)"
