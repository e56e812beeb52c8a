#!/usr/bin/env bash
# JMH micro-benchmarks of dbus-java (benchmarks/ module): runs them with forks
# and warm-up, writes jmh.json, environment.json and jmh.md into a results folder.
# Run lab/run-jmh.sh --help for flags, outputs and exit codes.
set -euo pipefail

# Defaults and the --quick preset (JMH flags).
readonly DEFAULT_JMH=(-f 2 -wi 5 -i 5 -w 1s -r 1s)
readonly QUICK_JMH=(-f 1 -wi 1 -i 3 -w 1s -r 1s)
# shellcheck disable=SC2034 # read by lib/processes.sh
STOP_GRACE=5 # s between TERM and KILL for the JMH JVMs

readonly PROG=run-jmh.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
# shellcheck source-path=SCRIPTDIR source=lib/processes.sh
# shellcheck source-path=SCRIPTDIR source=lib/jvm_flags.sh
source "$LAB_DIR/lib/jvm_flags.sh" # KEEP_STACK_TRACES
source "$LAB_DIR/lib/processes.sh" # last_line, alive, stop_pid, install_cleanup_traps
REPO=$(cd "$LAB_DIR/.." && pwd -P)
readonly LAB_DIR REPO
readonly BUS_SH="$LAB_DIR/bus.sh"
readonly BENCH_JAR="$REPO/benchmarks/target/dbus-lab-benchmarks.jar"
readonly CLIENT_JAR="$REPO/client/target/dbus-lab-client.jar"

JAVA=${JAVA:-java}
read -r -a JAVA_OPTS <<<"${LAB_JAVA_OPTS:-}"

usage() {
    cat <<EOF
Usage: lab/run-jmh.sh [--quick] [--out DIR] [--no-build | --rebuild] [-- JMH-ARGS...]

Runs the dbus-java JMH benchmarks of benchmarks/ (docs/BENCHMARKS.md):
  MarshalBenchmarks         the rustbus comparison's MarshalMixed, MarshalStrArray,
                            MarshalBigArray (build a signal, take its wire bytes)
  UnmarshalBenchmarks       the same three signals parsed back and decoded
  EchoBodyBenchmarks        the lab's 'ay' echo body at 1000 and 10000 bytes:
                            encode the call; decode the reply typed, untyped, as a proxy
  MarshalAndSendBenchmarks  Marshal + Send to a private dbus-daemon it starts itself
                            (lab/bus.sh): connected once (sync and pipelined), and
                            connecting for every signal as the rustbus comparison does
  StockCostBenchmarks       costs of dbus-java as shipped against the lab's path:
                            a call along five threads (handOffChain) or none
                            (callerRoundTrip); one write() per chunk or per message

JMH settings:
  (default)   ${DEFAULT_JMH[*]}
  --quick     ${QUICK_JMH[*]}   (a short look; error bars are wide)
  -- ARGS     everything after -- goes to JMH unchanged, e.g. a benchmark regex
              ('-- Echo'), '-p payloadBytes=1000', '-prof gc', or '-f 1' (a flag
              given here replaces the preset's value of the same flag)
              -rf/-rff are not accepted: this script writes jmh.json itself.

Options:
  --out DIR   results folder (default results/jmh-<UTC timestamp>/ in the repo);
              refused if it already holds a jmh.json
  --no-build  never run Maven (benchmarks/target/dbus-lab-benchmarks.jar must exist)
  --rebuild   always build first
              (default: build when the jar is missing, with
              mvn -B -q -pl benchmarks -am package -DskipTests)
  -h, --help  this text

Environment:
  JAVA            java binary (default: java on PATH)
  LAB_JAVA_OPTS   JVM flags for the JMH host JVM; JMH passes them on to its forks

Outputs in the results folder:
  jmh.json          JMH's JSON result (-rf json)
  jmh.log           JMH's console output
  environment.json  machine, OS, JVM and bus versions (needs client/target/dbus-lab-client.jar;
                    skipped with a note when it is missing)
  jmh.md            table: benchmark, params, score ± error (µs/op), and beside it the
                    seed's rustbus comparison, labelled as other hardware
The only line on stdout is the path of jmh.md. Progress goes to stderr.

Clean-up: MarshalAndSendBenchmarks stops its dbus-daemon in its TearDown and in a JVM
shutdown hook; on any exit (also Ctrl-C or TERM) this script also stops the JMH JVMs
and every bus they started (they live under a temporary LAB_JMH_BUS_ROOT).

Exit codes:
  0    JMH ran and every benchmark it ran has a result
  1    JMH failed, or some benchmark failed (listed in jmh.md and jmh.log)
  2    bad command line, or --out already holds a jmh.json
  3    cannot run here: build failed, jar or java missing
  130  interrupted (SIGINT), 143 terminated (SIGTERM)
EOF
}

say() { printf '%s\n' "$*" >&2; }

usage_error() {
    printf '%s: error: %s\n' "$PROG" "$*" >&2
    exit 2
}

die() {
    local code=$1
    shift
    printf '%s: error: %s\n' "$PROG" "$*" >&2
    exit "$code"
}

# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

PRESET=default
OPT_OUT=""
BUILD=auto
EXTRA=()

parse_args() {
    local opt
    while (($# > 0)); do
        opt=$1
        case "$opt" in
            -h | --help) usage; exit 0 ;;
            --quick) PRESET=quick ;;
            --out=*) OPT_OUT=${opt#--out=}; [[ -n "$OPT_OUT" ]] || usage_error "--out needs a directory" ;;
            --out)
                (($# >= 2)) || usage_error "--out needs a directory"
                OPT_OUT=$2
                [[ -n "$OPT_OUT" ]] || usage_error "--out needs a directory"
                shift
                ;;
            --no-build)
                [[ "$BUILD" != always ]] || usage_error "--no-build and --rebuild exclude each other"
                BUILD=never
                ;;
            --rebuild)
                [[ "$BUILD" != never ]] || usage_error "--no-build and --rebuild exclude each other"
                BUILD=always
                ;;
            --)
                shift
                EXTRA=("$@")
                break
                ;;
            -*) usage_error "unknown option '$opt' (JMH options go after --; see --help)" ;;
            *) usage_error "unexpected argument '$opt' (JMH options go after --; see --help)" ;;
        esac
        shift
    done
    local a
    for a in "${EXTRA[@]}"; do
        case "$a" in
            -rf | -rff | --rf | --rff | -rf=* | -rff=* | --rf=* | --rff=*)
                usage_error "'$a' is not accepted: the script writes jmh.json itself (see --help)" ;;
        esac
    done
}

# jmh_args: the preset's flags, minus any flag the pass-through gives again
# (JMH refuses a flag given twice), then the pass-through.
JMH_ARGS=()
jmh_args() {
    local -a preset
    if [[ "$PRESET" == quick ]]; then preset=("${QUICK_JMH[@]}"); else preset=("${DEFAULT_JMH[@]}"); fi
    JMH_ARGS=()
    local i flag a overridden
    for ((i = 0; i < ${#preset[@]}; i += 2)); do
        flag=${preset[i]#-}
        overridden=0
        for a in "${EXTRA[@]}"; do
            # -f 1, -f=1, --f 1, -f1 (jopt-simple accepts all of them)
            if [[ "$a" =~ ^--?${flag}(=.*|[0-9].*)?$ ]]; then overridden=1; fi
        done
        ((overridden)) || JMH_ARGS+=("${preset[i]}" "${preset[i + 1]}")
    done
    JMH_ARGS+=(-rf json -rff "$OUT/jmh.json" "${EXTRA[@]}")
}

# ---------------------------------------------------------------------------
# Processes and clean-up
# ---------------------------------------------------------------------------

JMH_PID=""
TAIL_PID=""
TMP_ROOT=""   # short temp dir: jar snapshot and the benchmark's bus dirs (sun_path <= 107 bytes)

# stop_jmh: TERM the JMH host and its forks (their own process group, see
# run_jmh) so the forks' shutdown hooks stop their buses; KILL after STOP_GRACE.
stop_jmh() {
    local pid=$JMH_PID
    JMH_PID=""
    stop_pid "$pid"
}

# stop_buses: whatever a fork could not stop itself (killed outright).
stop_buses() {
    local d
    [[ -n "$TMP_ROOT" && -d "$TMP_ROOT/buses" ]] || return 0
    for d in "$TMP_ROOT"/buses/*/; do
        [[ -d "$d" ]] || continue
        "$BUS_SH" down "${d%/}" >/dev/null 2>&1 || true
    done
}

cleanup() {
    stop_jmh
    if [[ -n "$TAIL_PID" ]]; then kill "$TAIL_PID" 2>/dev/null || true; fi
    stop_buses
    if [[ -n "$TMP_ROOT" && -d "$TMP_ROOT" ]]; then
        rm -rf -- "$TMP_ROOT"
    fi
}

# ---------------------------------------------------------------------------
# Steps
# ---------------------------------------------------------------------------

build_if_needed() {
    case "$BUILD" in
        never)
            [[ -f "$BENCH_JAR" ]] || die 3 "missing ${BENCH_JAR#"$REPO"/} (run without --no-build)"
            return 0
            ;;
        auto) [[ -f "$BENCH_JAR" ]] && return 0 ;;
    esac
    command -v mvn >/dev/null 2>&1 || die 3 "mvn not found, cannot build the benchmarks jar"
    say "building: mvn -B -q -pl benchmarks -am package -DskipTests (log: $OUT/build.log)"
    if ! (cd "$REPO" && mvn -B -q -pl benchmarks -am package -DskipTests) >"$OUT/build.log" 2>&1; then
        die 3 "build failed: $(grep -a -m1 -E '\[ERROR\]' "$OUT/build.log" || tail -n 1 "$OUT/build.log") (log: $OUT/build.log)"
    fi
    [[ -f "$BENCH_JAR" ]] || die 3 "build did not produce ${BENCH_JAR#"$REPO"/} (log: $OUT/build.log)"
}

capture_environment() {
    if [[ -f "$CLIENT_JAR" ]]; then
        if ! "$JAVA" "$KEEP_STACK_TRACES" "${JAVA_OPTS[@]}" -cp "$CLIENT_JAR" org.dbuslab.client.env.EnvironmentCapture \
            --out "$OUT/environment.json" jmh_settings="${JMH_ARGS[*]}" </dev/null 2>>"$OUT/jmh.log"; then
            say "warning: environment capture failed (see $OUT/jmh.log); jmh.md will say 'unknown'"
        fi
    else
        say "note: ${CLIENT_JAR#"$REPO"/} not built, no environment.json (build it with mvn -B -q package -DskipTests)"
    fi
}

# run_jmh: JMH in its own process group (setsid), so a Ctrl-C reaches only this
# script, which then stops the host and its forks in order (stop_jmh).
run_jmh() {
    local jar="$TMP_ROOT/dbus-lab-benchmarks.jar" rc=0
    # A private copy: a 'mvn package' meanwhile cannot swap classes under running JVMs.
    cp -p "$BENCH_JAR" "$jar"
    mkdir -p "$TMP_ROOT/buses"
    say "$PROG: java -jar dbus-lab-benchmarks.jar ${JMH_ARGS[*]}"
    local start
    start=$(($(stat -c %s "$OUT/jmh.log") + 1))
    LAB_BUS_SH="$BUS_SH" LAB_JMH_BUS_ROOT="$TMP_ROOT/buses" \
        setsid "$JAVA" "$KEEP_STACK_TRACES" "${JAVA_OPTS[@]}" -jar "$jar" "${JMH_ARGS[@]}" </dev/null >>"$OUT/jmh.log" 2>&1 &
    JMH_PID=$!
    # Progress on stderr; tail ends by itself once JMH has exited.
    tail -c "+$start" -f --pid="$JMH_PID" "$OUT/jmh.log" >&2 &
    TAIL_PID=$!
    wait "$JMH_PID" || rc=$?
    JMH_PID=""
    wait "$TAIL_PID" 2>/dev/null || true
    TAIL_PID=""
    return "$rc"
}

main() {
    parse_args "$@"
    command -v "$JAVA" >/dev/null 2>&1 || die 3 "java not found ('$JAVA'); set JAVA or put java on PATH"

    OUT=${OPT_OUT:-"$REPO/results/jmh-$(date -u +%Y-%m-%dT%H-%M-%SZ)"}
    [[ ! -e "$OUT/jmh.json" ]] || usage_error "$OUT already holds a jmh.json; choose another --out"
    mkdir -p "$OUT" 2>/dev/null || die 2 "cannot create $OUT"
    OUT=$(cd "$OUT" && pwd -P)
    : >"$OUT/jmh.log"

    install_cleanup_traps "stopping JMH and its buses"
    TMP_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/dbus-lab-jmh.XXXXXX")

    say "$PROG: results in $OUT"
    build_if_needed
    jmh_args
    capture_environment

    local rc=0
    run_jmh || rc=$?
    stop_buses

    if [[ ! -s "$OUT/jmh.json" ]]; then
        die 1 "JMH wrote no results (exit $rc); see $OUT/jmh.log"
    fi
    if ! "$JAVA" "$KEEP_STACK_TRACES" -cp "$TMP_ROOT/dbus-lab-benchmarks.jar" org.dbuslab.bench.report.JmhReport \
        --json "$OUT/jmh.json" --out "$OUT/jmh.md" --environment "$OUT/environment.json" \
        --log "$OUT/jmh.log"; then
        die 1 "could not write jmh.md; see $OUT/jmh.log"
    fi
    printf '%s\n' "$OUT/jmh.md"

    if ((rc != 0)); then
        die 1 "JMH exited with status $rc; see $OUT/jmh.log"
    fi
    if grep -q '^<failure>' "$OUT/jmh.log"; then
        die 1 "some benchmarks failed (listed in jmh.md); see $OUT/jmh.log"
    fi
}

main "$@"
