#!/usr/bin/env bash
# The lab's entry point: a thin launcher for the Java session runner (runner/, org.dbuslab.runner.RunnerMain).
# It checks the prerequisites, builds the jars when they are missing or older than the sources, then runs the
# runner with the same arguments, in a PID namespace of its own; the runner owns the session (options and presets,
# plan, block order, supervision of every process, progress, raw files, the analysis). lab/run-all.sh --help has the flags, the
# outputs and the exit codes; docs/RUNNER-DESIGN.md the design.
set -euo pipefail

readonly PROG=run-all.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
REPO=$(cd "$LAB_DIR/.." && pwd -P)
readonly LAB_DIR REPO
# shellcheck source-path=SCRIPTDIR source=lib/jvm_flags.sh
source "$LAB_DIR/lib/jvm_flags.sh" # KEEP_STACK_TRACES
readonly RUNNER_JAR="$REPO/runner/target/dbus-lab-runner.jar"
readonly JARS=("$REPO/server/target/dbus-lab-server.jar" "$REPO/client/target/dbus-lab-client.jar"
    "$REPO/analysis/target/dbus-lab-analysis.jar" "$REPO/scale/target/dbus-lab-scale.jar" "$RUNNER_JAR")
# Also built, but the session goes on without them (scenarios FAILED in the summary; stock pairs and the java-lean
# contenders in skipped.tsv).
readonly OPTIONAL_JARS=("$REPO/scenarios/target/dbus-lab-scenarios.jar" "$REPO/stock/target/dbus-lab-stock.jar"
    "$REPO/lean/target/dbus-lab-lean.jar")
# The runner's own JVM: small, serial GC and C1 only, so it takes as little CPU as it can from what it measures.
# No /tmp/hsperfdata_USER/PID file: the runner is pid 1 of its namespace in every session, and two would share it.
readonly RUNNER_JVM=("$KEEP_STACK_TRACES" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx256m -XX:+PerfDisableSharedMem)

JAVA=${JAVA:-java}

die() { # die CODE MESSAGE: the one line for a session that cannot run
    printf '%s: error: %s\n' "$PROG" "$2" >&2
    exit "$1"
}

now_ms() {
    local t=${EPOCHREALTIME:-}
    if [[ -n "$t" ]]; then
        t=${t/,/.}
        printf '%s' $((${t%.*} * 1000 + 10#${t#*.} / 1000))
    else
        printf '%s' $(($(date +%s) * 1000))
    fi
}

# The session's start, build included: --budget counts from here.
STARTED_MS=$(now_ms)

# Only what decides the build is looked at here; the runner parses and checks the whole command line.
BUILD=auto HELP=0 REFERENCE=1
for arg in "$@"; do
    case "$arg" in
        --no-build) BUILD=never ;;
        --rebuild) [[ "$BUILD" == never ]] || BUILD=always ;;
        -h | --help) HELP=1 ;;
        --no-reference) REFERENCE=0 ;;
    esac
done

# jars_outdated: a jar is missing, or a pom.xml or a file under */src is newer.
jars_outdated() {
    local jar newer
    for jar in "${JARS[@]}" "${OPTIONAL_JARS[@]}"; do
        [[ -f "$jar" ]] || return 0
        newer=$(find "$REPO/pom.xml" "$REPO"/*/pom.xml "$REPO"/*/src -type f -newer "$jar" -print -quit 2>/dev/null || true)
        [[ -z "$newer" ]] || return 0
    done
    return 1
}

build() {
    local log
    command -v mvn >/dev/null 2>&1 || die 3 "mvn not found, cannot build the jars (use --no-build with prebuilt jars)"
    log=$(mktemp "${TMPDIR:-/tmp}/dbus-lab-build.XXXXXX")
    printf '%s: building: mvn -B -q package -DskipTests (log: %s)\n' "$PROG" "$log" >&2
    if ! (cd "$REPO" && mvn -B -q package -DskipTests) </dev/null >"$log" 2>&1; then
        local first
        first=$(grep -a -m1 -E '\[ERROR\]|ERROR' "$log" || tail -n 1 "$log" || true)
        die 3 "build failed: $(printf '%s' "$first" | tr '\t\n\r' '   ') (full log: $log)"
    fi
    # the runner copies it into the results folder's logs/build.log
    export LAB_BUILD_LOG=$log
}

# peers_outdated: a C peer (peers/build/, make -C peers) is missing or older than a source or the Makefile.
readonly PEERS=(glib-echo-server glib-echo-client sdbus-echo-server sdbus-echo-client libdbus-spam)
peers_outdated() {
    local peer newer
    for peer in "${PEERS[@]}"; do
        [[ -x "$REPO/peers/build/$peer" ]] || return 0
        newer=$(find "$REPO/peers/Makefile" "$REPO/peers/c" -type f -newer "$REPO/peers/build/$peer" -print -quit \
            2>/dev/null || true)
        [[ -z "$newer" ]] || return 0
    done
    return 1
}

# build_peers: make -C peers glib, sdbus, then libdbus (one library's absence does not stop the others). A target
# that fails passes the Makefile's one-line reason to the runner (LAB_PEERS_GLIB_MISSING, LAB_PEERS_SDBUS_MISSING,
# LAB_PEERS_LIBDBUS_MISSING), which puts it in skipped.tsv for that library's cells; the session goes on.
build_peers() {
    local target var log line
    command -v make >/dev/null 2>&1 || {
        export LAB_PEERS_GLIB_MISSING="peers: cannot build the C peers: make not found (Debian: make)"
        export LAB_PEERS_SDBUS_MISSING=$LAB_PEERS_GLIB_MISSING
        export LAB_PEERS_LIBDBUS_MISSING=$LAB_PEERS_GLIB_MISSING
        printf '%s: %s\n' "$PROG" "$LAB_PEERS_GLIB_MISSING" >&2
        return 0
    }
    for target in glib sdbus libdbus; do
        var=LAB_PEERS_${target^^}_MISSING
        log=$(mktemp "${TMPDIR:-/tmp}/dbus-lab-peers.XXXXXX")
        if ! make -C "$REPO/peers" "$target" </dev/null >"$log" 2>&1; then
            line=$(grep -a -m1 -E '\*\*\*' "$log" || tail -n 1 "$log" || true)
            line=$(printf '%s' "${line:-make -C peers $target failed}" | tr '\t\n\r' '   ')
            export "$var=$line"
            printf '%s: C peers (%s) not built: %s\n' "$PROG" "$target" "$line" >&2
        fi
        rm -f "$log"
    done
}

command -v "$JAVA" >/dev/null 2>&1 || die 3 "java not found ('$JAVA'); set JAVA or put java on PATH"
case "$BUILD" in
    always) build; build_peers ;;
    auto)
        if jars_outdated; then build; fi
        if ((!HELP)) && peers_outdated; then build_peers; fi
        ;;
esac
for jar in "${JARS[@]}"; do
    [[ -f "$jar" ]] || die 3 "missing ${jar#"$REPO"/} (run without --no-build, or build with mvn -B package -DskipTests)"
done
if ((!HELP && REFERENCE)) && ! command -v python3 >/dev/null 2>&1; then
    die 3 "python3 not found: lab/timed-run.py times the libdbus spam processes (or run with --no-reference)"
fi

export LAB_REPO=$REPO
# The pid a user sees and would signal: the runner names it (in its own PID namespace it is pid 1).
export LAB_SESSION_PID=$$
RUNNER=("$JAVA" "${RUNNER_JVM[@]}" -jar "$RUNNER_JAR" --started-at-ms "$STARTED_MS" "$@")

# The session lives in a PID namespace of its own, the runner its pid 1: when the runner dies, SIGKILL included,
# the kernel kills every process in it, also the buses bus.sh detaches with setsid (docs/RELIABILITY.md). Root
# may make one; another user only where unprivileged user namespaces are allowed.
readonly NAMESPACE=(unshare --pid --fork --kill-child --mount-proc)
namespace() {
    if "${NAMESPACE[@]}" true >/dev/null 2>&1; then
        printf '%s\n' "${NAMESPACE[@]}"
    elif "${NAMESPACE[@]}" --user --map-current-user true >/dev/null 2>&1; then
        printf '%s\n' "${NAMESPACE[@]}" --user --map-current-user
    else
        return 1
    fi
}
ns=()
((HELP)) || ! command -v setpriv >/dev/null 2>&1 || mapfile -t ns < <(namespace || true)
if ((${#ns[@]} == 0)); then
    ((HELP)) || printf '%s: note: %s\n' "$PROG" "no PID namespace here (unshare --pid not permitted, or setpriv \
missing): a runner killed with SIGKILL may leave buses running" >&2
    exec "${RUNNER[@]}"
fi
# unshare ignores INT and TERM, so this shell stays to pass them on to the runner; and if this shell is killed,
# setpriv's parent-death signal takes unshare, and with it the namespace, along. The runner must not inherit the
# ignored INT and TERM (of unshare, and of a background job): a JVM keeps a signal ignored that it started with.
setpriv --pdeathsig KILL -- "${ns[@]}" -- env --default-signal=INT,QUIT,TERM "${RUNNER[@]}" <&0 &
session=$!
forward() {
    local runner
    runner=$(pgrep -P "$session" 2>/dev/null || true)
    [[ -z "$runner" ]] || kill -s "$1" "$runner" 2>/dev/null || true
}
trap 'forward INT' INT
trap 'forward TERM' TERM
while :; do
    status=0
    wait "$session" || status=$?
    # a trapped signal ends wait early: wait again until the session has ended
    kill -0 "$session" 2>/dev/null || break
done
exit "$status"
