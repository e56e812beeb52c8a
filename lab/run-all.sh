#!/usr/bin/env bash
# The lab driver: one session = transports x modes x payload sizes, one client
# process per cell, results in one folder (docs/RESULTS-FORMAT.md).
# Run lab/run-all.sh --help for flags, presets, outputs and exit codes.
set -euo pipefail

# ---------------------------------------------------------------------------
# Presets. Calls per run, measured runs and warm-up runs per cell.
#   quick:   CI and a first look; the 5x2x2 matrix stays under 2 minutes on 2 cores.
#   default: >= 10 measured runs per cell, under 10 minutes.
#   full:    the 2015 kdbus benchmark's 20000 calls per run.
# ---------------------------------------------------------------------------
QUICK_CALLS=200
QUICK_RUNS=3
QUICK_WARMUP=1
DEFAULT_CALLS=1000
DEFAULT_RUNS=10
DEFAULT_WARMUP=2
FULL_CALLS=20000
FULL_RUNS=10
FULL_WARMUP=2

DEFAULT_WINDOW=128           # calls in flight in async mode (sync is always 1)
DEFAULT_SIZES=1000,10000     # payload bytes
ALL_TRANSPORTS=dbus-daemon,dbus-broker,p2p-unix,p2p-tcp,dbus-daemon-tcp
ALL_MODES=sync,async
MAX_PAYLOAD=67108864         # 64 MiB: the D-Bus array limit, the contract's maximum
SERVER_READY_TIMEOUT=30      # s until the server must print its ready line
DEFAULT_CELL_TIMEOUT=3600    # s one client process may take before it counts as hung
STOP_GRACE=5                 # s between TERM and KILL for our Java processes

readonly PROG=run-all.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
REPO=$(cd "$LAB_DIR/.." && pwd -P)
readonly LAB_DIR REPO
readonly BUS_SH="$LAB_DIR/bus.sh"
readonly SERVER_JAR="$REPO/server/target/dbus-lab-server.jar"
readonly CLIENT_JAR="$REPO/client/target/dbus-lab-client.jar"
readonly ANALYSIS_JAR="$REPO/analysis/target/dbus-lab-analysis.jar"
readonly ENV_CAPTURE_CLASS=org.dbuslab.client.env.EnvironmentCapture

JAVA=${JAVA:-java}
# JVM flags for the measuring JVMs (server, client, environment capture).
# Word-split on purpose: LAB_JAVA_OPTS="-Xmx1g -XX:+UseParallelGC".
read -r -a JAVA_OPTS <<<"${LAB_JAVA_OPTS:-}"

usage() {
    cat <<EOF
Usage: lab/run-all.sh [--quick | --full] [options]

Runs the D-Bus echo benchmark matrix: every transport x mode (sync, async) x
payload size. Per transport it starts a private bus (lab/bus.sh), the Java echo
server, then one client process per cell (warm-up runs, then measured runs),
and finally writes the report with the analysis jar.

Presets (calls per run / measured runs / warm-up runs per cell):
  (default)   $DEFAULT_CALLS / $DEFAULT_RUNS / $DEFAULT_WARMUP    meant to finish in under 10 minutes
  --quick     $QUICK_CALLS / $QUICK_RUNS / $QUICK_WARMUP      CI and a first look, under 2 minutes
  --full      $FULL_CALLS / $FULL_RUNS / $FULL_WARMUP   the kdbus benchmark's call count

Options (override the preset, in any order):
  --runs N            measured runs per cell (>= 1)
  --warmup-runs N     warm-up runs per cell (>= 0)
  --calls N           calls per run (>= 1)
  --window N          calls in flight in async mode (>= 1, default $DEFAULT_WINDOW); sync uses 1
  --sizes LIST        payload bytes, comma-separated (default $DEFAULT_SIZES, max $MAX_PAYLOAD)
  --transports LIST   comma-separated subset of
                      $ALL_TRANSPORTS (default: all)
  --modes LIST        comma-separated subset of $ALL_MODES (default: both)
  --cell-timeout S    seconds one client process may run before it is killed
                      and the cell counted as failed (default $DEFAULT_CELL_TIMEOUT)
  --out DIR           results folder (default results/<UTC timestamp>/ in the repo);
                      refused if it already holds a runs.csv
  --no-build          never run Maven (the jars must exist)
  --scenarios LIST    after the matrix, lab/run-scenarios.sh with the same --out and preset:
                      cold-start,property-reads,property-freshness, or none (default: all)
  --rebuild           always run 'mvn -B -q package -DskipTests' first
                      (default: build only when a jar is missing or older than
                      a pom.xml or a file under */src)
  -h, --help          this text

Transports:
  dbus-daemon       dbus-daemon on a unix socket
  dbus-broker       dbus-broker on a unix socket (started without systemd)
  p2p-unix          no bus: server listens on a unix socket, client --peer
  p2p-tcp           no bus: server listens on 127.0.0.1 (kernel-chosen port)
  dbus-daemon-tcp   dbus-daemon on 127.0.0.1, DBUS_COOKIE_SHA1 authentication

Environment:
  JAVA              java binary (default: java on PATH)
  LAB_JAVA_OPTS     extra JVM flags for server, client and environment capture

Outputs in the results folder (docs/RESULTS-FORMAT.md):
  plan.tsv          every planned cell, written at the start
  runs.csv          one row per run, appended by the client after each run
                    (an interrupted session keeps the rows it completed)
  skipped.tsv       transport<TAB>reason for a transport that could not start,
                    or a cell whose client could not run
  environment.json  machine, OS, JVM and bus versions
  logs/             session.log, build.log, and per transport: bus logs,
                    server.out/.err, client-<mode>-<size>.err/.out
  summary.json, report.md   written by the analysis jar at the end

Progress goes to stderr (and logs/session.log). The only line on stdout is the
path of report.md, once it has been written.

Exit codes:
  0    every cell ran and no call was lost, mismatched or failed
       (a transport that could not start is listed in skipped.tsv, but does
       not fail the session)
  1    some cell lost/mismatched/failed calls, a client crashed, timed out or
       could not connect, no cell ran at all, or the report failed
  2    bad command line, or --out already holds a runs.csv
  3    cannot run here: build failed, jar or java missing
  130  interrupted (SIGINT), 143 terminated (SIGTERM); everything started is stopped
EOF
}

# ---------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------

SESSION_LOG=""

# say MESSAGE: progress on stderr, and into logs/session.log once it exists.
say() {
    printf '%s\n' "$*" >&2
    if [[ -n "$SESSION_LOG" ]]; then
        printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >>"$SESSION_LOG"
    fi
}

# usage_error MESSAGE: the one line for bad input, exit 2.
usage_error() {
    printf '%s: error: %s\n' "$PROG" "$*" >&2
    exit 2
}

# die CODE MESSAGE: one line, exit CODE (the EXIT trap cleans up).
die() {
    local code=$1
    shift
    printf '%s: error: %s\n' "$PROG" "$*" >&2
    [[ -z "$SESSION_LOG" ]] || printf 'error: %s\n' "$*" >>"$SESSION_LOG"
    exit "$code"
}

# one_line TEXT: tabs and newlines to spaces, for TSV fields and messages.
one_line() {
    printf '%s' "$1" | tr '\t\n\r' '   '
}

# last_line FILE: last non-blank line (a process's final complaint). Lines that
# start with white space are skipped: in a Java stack trace they are the frames
# ("\tat ...", "\t... 16 more"); the exception line above them says what happened.
last_line() {
    [[ -s "$1" ]] || return 0
    grep -a -v -e '^[[:space:]]' -e '^$' "$1" | tail -n 1 || true
}

# fmt_duration SECONDS -> 1h02m03s / 4m05s / 6s
fmt_duration() {
    local s=$1
    if ((s >= 3600)); then
        printf '%dh%02dm%02ds' $((s / 3600)) $((s % 3600 / 60)) $((s % 60))
    elif ((s >= 60)); then
        printf '%dm%02ds' $((s / 60)) $((s % 60))
    else
        printf '%ds' "$s"
    fi
}

# now_ms: wall clock in milliseconds (EPOCHREALTIME is bash >= 5).
now_ms() {
    local t=${EPOCHREALTIME:-}
    if [[ -n "$t" ]]; then
        t=${t/,/.}
        printf '%s' $((${t%.*} * 1000 + 10#${t#*.} / 1000))
    else
        printf '%s' $(($(date +%s) * 1000))
    fi
}

# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

PRESET=default
OPT_RUNS="" OPT_WARMUP="" OPT_CALLS="" OPT_WINDOW=""
OPT_SIZES=$DEFAULT_SIZES
OPT_TRANSPORTS=$ALL_TRANSPORTS
OPT_MODES=$ALL_MODES
OPT_OUT=""
CELL_TIMEOUT=$DEFAULT_CELL_TIMEOUT
BUILD=auto
OPT_SCENARIOS=cold-start,property-reads,property-freshness
SCENARIOS_FAILED=0

# check_uint NAME VALUE MIN: a plain decimal integer >= MIN (no sign, no
# exponent, at most 9 digits so bash arithmetic cannot overflow).
check_uint() {
    local name=$1 value=$2 min=$3
    [[ "$value" =~ ^[0-9]{1,9}$ ]] || usage_error "$name must be a whole number, got '$value'"
    ((10#$value >= min)) || usage_error "$name must be >= $min, got '$value'"
}

# split_list NAME VALUE ALLOWED...: comma list -> LIST (deduplicated, in order).
LIST=()
split_list() {
    local name=$1 value=$2 item a ok seen
    shift 2
    LIST=()
    [[ -n "$value" ]] || usage_error "$name must not be empty"
    [[ "$value" != *,, && "$value" != ,* && "$value" != *, && "$value" != *,,* ]] ||
        usage_error "$name has an empty element: '$value'"
    local -a items
    IFS=, read -r -a items <<<"$value"
    for item in "${items[@]}"; do
        ok=0
        for a in "$@"; do [[ "$item" == "$a" ]] && ok=1; done
        ((ok)) || usage_error "unknown $name element '$item' (allowed: $(IFS=,; printf '%s' "$*"))"
        seen=0
        for a in "${LIST[@]}"; do [[ "$item" == "$a" ]] && seen=1; done
        ((seen)) || LIST+=("$item")
    done
}

parse_args() {
    local opt val
    while (($# > 0)); do
        opt=$1
        val=""
        # --flag=value and --flag value are both accepted for options with a value.
        case "$opt" in
            --runs=* | --warmup-runs=* | --calls=* | --window=* | --sizes=* | --transports=* | \
                --modes=* | --out=* | --cell-timeout=* | --scenarios=*)
                val=${opt#*=}
                opt=${opt%%=*}
                ;;
            --runs | --warmup-runs | --calls | --window | --sizes | --transports | --modes | --out | --cell-timeout | --scenarios)
                (($# >= 2)) || usage_error "$opt needs a value"
                val=$2
                shift
                ;;
        esac
        case "$opt" in
            -h | --help) usage; exit 0 ;;
            --quick | --full)
                [[ "$PRESET" == default || "$PRESET" == "${opt#--}" ]] ||
                    usage_error "--quick and --full exclude each other"
                PRESET=${opt#--}
                ;;
            --runs) check_uint --runs "$val" 1; OPT_RUNS=$((10#$val)) ;;
            --warmup-runs) check_uint --warmup-runs "$val" 0; OPT_WARMUP=$((10#$val)) ;;
            --calls) check_uint --calls "$val" 1; OPT_CALLS=$((10#$val)) ;;
            --window) check_uint --window "$val" 1; OPT_WINDOW=$((10#$val)) ;;
            --cell-timeout) check_uint --cell-timeout "$val" 1; CELL_TIMEOUT=$((10#$val)) ;;
            --sizes) OPT_SIZES=$val ;;
            --transports) OPT_TRANSPORTS=$val ;;
            --modes) OPT_MODES=$val ;;
            --scenarios) OPT_SCENARIOS=$val ;;
            --out)
                [[ -n "$val" ]] || usage_error "--out needs a directory"
                OPT_OUT=$val
                ;;
            --no-build)
                [[ "$BUILD" != always ]] || usage_error "--no-build and --rebuild exclude each other"
                BUILD=never
                ;;
            --rebuild)
                [[ "$BUILD" != never ]] || usage_error "--no-build and --rebuild exclude each other"
                BUILD=always
                ;;
            -*) usage_error "unknown option '$opt' (see --help)" ;;
            *) usage_error "unexpected argument '$opt' (see --help)" ;;
        esac
        shift
    done

    case "$PRESET" in
        quick) CALLS=$QUICK_CALLS RUNS=$QUICK_RUNS WARMUP=$QUICK_WARMUP ;;
        full) CALLS=$FULL_CALLS RUNS=$FULL_RUNS WARMUP=$FULL_WARMUP ;;
        *) CALLS=$DEFAULT_CALLS RUNS=$DEFAULT_RUNS WARMUP=$DEFAULT_WARMUP ;;
    esac
    CALLS=${OPT_CALLS:-$CALLS}
    RUNS=${OPT_RUNS:-$RUNS}
    WARMUP=${OPT_WARMUP:-$WARMUP}
    WINDOW=${OPT_WINDOW:-$DEFAULT_WINDOW}

    # Sizes: non-negative integers up to the contract's maximum.
    local s
    SIZES=()
    [[ -n "$OPT_SIZES" ]] || usage_error "--sizes must not be empty"
    [[ "$OPT_SIZES" != *,, && "$OPT_SIZES" != ,* && "$OPT_SIZES" != *, && "$OPT_SIZES" != *,,* ]] ||
        usage_error "--sizes has an empty element: '$OPT_SIZES'"
    local -a raw
    IFS=, read -r -a raw <<<"$OPT_SIZES"
    for s in "${raw[@]}"; do
        [[ "$s" =~ ^-?[0-9]+$ && "$s" == -* ]] && usage_error "--sizes: payload size must not be negative, got '$s'"
        [[ "$s" =~ ^[0-9]{10,}$ ]] && usage_error "--sizes: $s is larger than the maximum payload $MAX_PAYLOAD"
        [[ "$s" =~ ^[0-9]{1,9}$ ]] || usage_error "--sizes: '$s' is not a byte count (comma-separated whole numbers, e.g. 1000,10000)"
        ((10#$s <= MAX_PAYLOAD)) || usage_error "--sizes: $s is larger than the maximum payload $MAX_PAYLOAD"
        s=$((10#$s))
        [[ " ${SIZES[*]} " == *" $s "* ]] || SIZES+=("$s")
    done

    split_list --transports "$OPT_TRANSPORTS" dbus-daemon dbus-broker p2p-unix p2p-tcp dbus-daemon-tcp
    TRANSPORTS=("${LIST[@]}")
    split_list --modes "$OPT_MODES" sync async
    MODES=("${LIST[@]}")
}

# ---------------------------------------------------------------------------
# Process control. Everything we start is remembered here so the EXIT trap can
# stop it, whatever path (error, Ctrl-C, kill) ends the session.
# ---------------------------------------------------------------------------

SERVER_PID=""
CLIENT_PID=""
BUS_DIRS=()             # every bus.sh instance dir ever used (down is idempotent)
TMP_ROOT=""             # short temp dir for sockets and bus dirs (sun_path <= 107 bytes)
CUR_TRANSPORT=""        # transport being run, for log collection on interruption
CUR_TDIR=""

# alive PID: exists and is not a zombie.
alive() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    [[ "${stat%% *}" != Z && "${stat%% *}" != X ]]
}

# stop_pid PID GROUP: TERM (the whole process group when GROUP=1, as our Java
# server runs in its own session), wait up to STOP_GRACE, KILL, reap.
stop_pid() {
    local pid=$1 group=$2 deadline
    [[ -n "$pid" ]] || return 0
    if alive "$pid"; then
        if ((group)); then kill -TERM -- "-$pid" 2>/dev/null || true; fi
        kill -TERM "$pid" 2>/dev/null || true
        deadline=$((SECONDS + STOP_GRACE))
        while alive "$pid" && ((SECONDS < deadline)); do sleep 0.1; done
        if alive "$pid"; then
            if ((group)); then kill -KILL -- "-$pid" 2>/dev/null || true; fi
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    # Reap it (it is our child), so nothing is left even as a zombie.
    wait "$pid" 2>/dev/null || true
}

stop_server() {
    local pid=$SERVER_PID
    SERVER_PID=""
    stop_pid "$pid" 1
}

stop_client() {
    local pid=$CLIENT_PID
    CLIENT_PID=""
    stop_pid "$pid" 1
}

# finish_transport: stop server and bus, keep their logs. Safe to call twice.
finish_transport() {
    local t=$CUR_TRANSPORT tdir=$CUR_TDIR
    CUR_TRANSPORT="" CUR_TDIR=""
    stop_client
    stop_server
    [[ -n "$tdir" ]] || return 0
    if [[ -d "$tdir/bus" ]]; then
        mkdir -p "$LOGS/$t/bus"
        # 'down' removes the address file; the logs are complete only after it.
        cp -p "$tdir/bus/address" "$LOGS/$t/bus/" 2>/dev/null || true
        "$BUS_SH" down "$tdir/bus" >/dev/null 2>&1 || true
        cp -p "$tdir/bus"/*.log "$tdir/bus"/*.conf "$tdir/bus"/*.mode "$LOGS/$t/bus/" 2>/dev/null || true
    fi
}

cleanup() {
    finish_transport
    local d
    for d in "${BUS_DIRS[@]}"; do
        "$BUS_SH" down "$d" >/dev/null 2>&1 || true
    done
    if [[ -n "$TMP_ROOT" && -d "$TMP_ROOT" ]]; then
        rm -rf -- "$TMP_ROOT"
    fi
}

on_exit() {
    local rc=$?
    trap - EXIT
    # A second Ctrl-C must not cut the cleanup short (it is bounded by STOP_GRACE).
    trap '' INT TERM
    cleanup
    exit "$rc"
}

on_signal() {
    local sig=$1
    # Ignore repeats from here on: the EXIT trap's cleanup must run to its end.
    trap '' INT TERM
    say ""
    say "$PROG: interrupted by SIG$sig; stopping server and bus. Completed runs are in $OUT/runs.csv"
    if [[ "$sig" == INT ]]; then exit 130; else exit 143; fi
}

# ---------------------------------------------------------------------------
# Build and environment
# ---------------------------------------------------------------------------

# jars_outdated: a jar is missing, or a pom.xml or a file under */src is newer.
jars_outdated() {
    local jar newer
    for jar in "$SERVER_JAR" "$CLIENT_JAR" "$ANALYSIS_JAR"; do
        [[ -f "$jar" ]] || return 0
        newer=$(find "$REPO/pom.xml" "$REPO"/*/pom.xml "$REPO"/*/src -type f -newer "$jar" -print -quit 2>/dev/null || true)
        [[ -z "$newer" ]] || return 0
    done
    return 1
}

build_if_needed() {
    local jar
    case "$BUILD" in
        never)
            for jar in "$SERVER_JAR" "$CLIENT_JAR" "$ANALYSIS_JAR"; do
                [[ -f "$jar" ]] || die 3 "missing ${jar#"$REPO"/} (run without --no-build, or build with mvn -B package -DskipTests)"
            done
            return 0
            ;;
        auto) jars_outdated || return 0 ;;
    esac
    command -v mvn >/dev/null 2>&1 || die 3 "mvn not found, cannot build the jars (use --no-build with prebuilt jars)"
    say "building: mvn -B -q package -DskipTests (log: $LOGS/build.log)"
    if ! (cd "$REPO" && mvn -B -q package -DskipTests) >"$LOGS/build.log" 2>&1; then
        die 3 "build failed: $(one_line "$(grep -a -m1 -E '\[ERROR\]|ERROR' "$LOGS/build.log" || last_line "$LOGS/build.log")") (full log: $LOGS/build.log)"
    fi
    for jar in "$SERVER_JAR" "$CLIENT_JAR" "$ANALYSIS_JAR"; do
        [[ -f "$jar" ]] || die 3 "build did not produce ${jar#"$REPO"/} (log: $LOGS/build.log)"
    done
}

# snapshot_jars: the session runs private copies of the jars, so a 'mvn package'
# running meanwhile (another shell, an IDE) cannot swap classes under a running
# JVM or mix two builds in one session. Their checksums go to logs/jars.sha256.
RUN_SERVER_JAR="" RUN_CLIENT_JAR="" RUN_ANALYSIS_JAR=""
snapshot_jars() {
    mkdir -p "$TMP_ROOT/jars"
    RUN_SERVER_JAR="$TMP_ROOT/jars/dbus-lab-server.jar"
    RUN_CLIENT_JAR="$TMP_ROOT/jars/dbus-lab-client.jar"
    RUN_ANALYSIS_JAR="$TMP_ROOT/jars/dbus-lab-analysis.jar"
    cp -p "$SERVER_JAR" "$RUN_SERVER_JAR"
    cp -p "$CLIENT_JAR" "$RUN_CLIENT_JAR"
    cp -p "$ANALYSIS_JAR" "$RUN_ANALYSIS_JAR"
    (cd "$REPO" && sha256sum "${SERVER_JAR#"$REPO"/}" "${CLIENT_JAR#"$REPO"/}" "${ANALYSIS_JAR#"$REPO"/}") \
        >"$LOGS/jars.sha256" 2>/dev/null || true
}

# json_str TEXT: a JSON string literal.
json_str() {
    local s=$1
    s=${s//\\/\\\\}
    s=${s//\"/\\\"}
    s=${s//$'\t'/\\t}
    s=${s//$'\n'/\\n}
    s=${s//$'\r'/}
    s=$(printf '%s' "$s" | tr -d '\000-\037')
    printf '"%s"' "$s"
}

# or_unknown TEXT: TEXT, or "unknown" when empty (RESULTS-FORMAT's convention).
or_unknown() { if [[ -n "$1" ]]; then printf '%s' "$1"; else printf unknown; fi; }

# write_environment_fallback FILE: environment.json from shell facts, for when
# the client's EnvironmentCapture is not available (yet).
write_environment_fallback() {
    local out=$1 props os="" cpu_model cpu_count mem java_version java_vm daemon_v broker_v dbus_java rev
    props=$("$JAVA" "${JAVA_OPTS[@]}" -XshowSettings:properties -version 2>&1 || true)
    java_version=$(sed -n 's/^ *java\.version = //p' <<<"$props" | head -n 1)
    java_vm="$(sed -n 's/^ *java\.vm\.name = //p' <<<"$props" | head -n 1) $(sed -n 's/^ *java\.vm\.version = //p' <<<"$props" | head -n 1)"
    java_vm=${java_vm# }
    java_vm=${java_vm% }
    if [[ -r /etc/os-release ]]; then
        os=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release | tr -d '"')
    fi
    cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
    cpu_count=$(nproc 2>/dev/null || true)
    [[ "$cpu_count" =~ ^[0-9]+$ ]] || cpu_count='"unknown"'
    mem=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || true)
    [[ "$mem" =~ ^[0-9]+$ ]] || mem='"unknown"'
    daemon_v=$(dbus-daemon --version 2>/dev/null | head -n 1 | awk '{print $NF}' || true)
    broker_v=$(dbus-broker-launch --version 2>/dev/null | head -n 1 | awk '{print $NF}' || true)
    dbus_java=""
    if command -v unzip >/dev/null 2>&1; then
        dbus_java=$(unzip -p "$RUN_CLIENT_JAR" META-INF/maven/com.github.hypfvieh/dbus-java-core/pom.properties 2>/dev/null |
            sed -n 's/^version=//p' | tr -d '\r' || true)
    fi
    rev=$(git -C "$REPO" rev-parse HEAD 2>/dev/null || true)
    if [[ -n "$rev" && -n "$(git -C "$REPO" status --porcelain 2>/dev/null || true)" ]]; then
        rev+="-dirty"
    fi
    {
        printf '{\n'
        printf '  "date_utc": %s,\n' "$(json_str "$(date -u +%Y-%m-%dT%H:%M:%SZ)")"
        printf '  "hostname": %s,\n' "$(json_str "$(or_unknown "$(hostname 2>/dev/null || cat /proc/sys/kernel/hostname 2>/dev/null || true)")")"
        printf '  "kernel": %s,\n' "$(json_str "$(or_unknown "$(uname -sr 2>/dev/null || true)")")"
        printf '  "os": %s,\n' "$(json_str "$(or_unknown "$os")")"
        printf '  "cpu_model": %s,\n' "$(json_str "$(or_unknown "$cpu_model")")"
        printf '  "cpu_count": %s,\n' "$cpu_count"
        printf '  "memory_total_kb": %s,\n' "$mem"
        printf '  "java_version": %s,\n' "$(json_str "$(or_unknown "$java_version")")"
        printf '  "java_vm": %s,\n' "$(json_str "$(or_unknown "$java_vm")")"
        printf '  "jvm_flags": %s,\n' "$(json_str "${LAB_JAVA_OPTS:-}")"
        printf '  "dbus_daemon_version": %s,\n' "$(json_str "$(or_unknown "$daemon_v")")"
        printf '  "dbus_broker_version": %s,\n' "$(json_str "$(or_unknown "$broker_v")")"
        printf '  "dbus_java_version": %s,\n' "$(json_str "$(or_unknown "$dbus_java")")"
        printf '  "lab_git_revision": %s,\n' "$(json_str "$(or_unknown "$rev")")"
        printf '  "environment_source": %s\n' "$(json_str "lab/run-all.sh (shell fallback)")"
        printf '}\n'
    } >"$out"
}

capture_environment() {
    local out="$OUT/environment.json"
    if "$JAVA" "${JAVA_OPTS[@]}" -cp "$RUN_CLIENT_JAR" "$ENV_CAPTURE_CLASS" --out "$out" \
        </dev/null >"$LOGS/environment.log" 2>&1 && [[ -s "$out" ]]; then
        return 0
    fi
    say "note: $ENV_CAPTURE_CLASS not usable ($(one_line "$(last_line "$LOGS/environment.log")")); writing environment.json from shell facts"
    write_environment_fallback "$out"
}

# ---------------------------------------------------------------------------
# The matrix
# ---------------------------------------------------------------------------

TOTAL_CELLS=0
CELL_NO=0
TOTAL_WEIGHT=0          # calls x (runs + warm-up) of every planned cell
DONE_WEIGHT=0           # ... of cells finished (or dropped with their transport)
MEASURED_WEIGHT=0       # ... of cells that actually ran (the ETA's denominator)
MEASURED_MS=0           # wall time those cells took, transport start-up included
CELLS_OK=0
CELLS_LOST=()           # client exit 1: rows recorded, calls lost/mismatched/failed
CELLS_ERROR=()          # client could not run (exit 2, crash, timeout)
CELLS_RAN=0
SKIPPED_TRANSPORTS=()

cell_weight() { printf '%s' $((CALLS * (RUNS + WARMUP))); }
window_for() { if [[ "$1" == sync ]]; then printf 1; else printf '%s' "$WINDOW"; fi; }

write_plan() {
    local t m s
    : >"$OUT/plan.tsv"
    for t in "${TRANSPORTS[@]}"; do
        for m in "${MODES[@]}"; do
            for s in "${SIZES[@]}"; do
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$m" "$s" "$(window_for "$m")" \
                    "$CALLS" "$RUNS" "$WARMUP" >>"$OUT/plan.tsv"
                TOTAL_CELLS=$((TOTAL_CELLS + 1))
                TOTAL_WEIGHT=$((TOTAL_WEIGHT + $(cell_weight)))
            done
        done
    done
    : >>"$OUT/skipped.tsv"
}

# skip LINE_REASON: one skipped.tsv line "transport<TAB>reason".
skip() {
    printf '%s\t%s\n' "$1" "$(one_line "$2")" >>"$OUT/skipped.tsv"
}

eta_text() {
    local remaining=$((TOTAL_WEIGHT - DONE_WEIGHT))
    if ((MEASURED_WEIGHT == 0)); then
        printf 'ETA --'
    else
        printf 'ETA %s' "$(fmt_duration $((MEASURED_MS * remaining / MEASURED_WEIGHT / 1000)))"
    fi
}

# skip_transport T REASON: the transport's cells are dropped, not failed.
skip_transport() {
    local t=$1 reason
    reason=$(one_line "$2")
    skip "$t" "$reason"
    SKIPPED_TRANSPORTS+=("$t: $reason")
    say "[skip] $t: $reason"
    local n=$((${#MODES[@]} * ${#SIZES[@]}))
    # Cells not started yet for this transport no longer count towards the ETA.
    DONE_WEIGHT=$((DONE_WEIGHT + (n - CELLS_DONE_IN_T) * $(cell_weight)))
    CELL_NO=$((CELL_NO + n - CELLS_DONE_IN_T))
}

# start_server LOGDIR ARGS...: start the Java server, wait for 'ready <address>'.
# Sets SERVER_PID and READY_ADDRESS; on failure sets FAIL_REASON, returns 1.
READY_ADDRESS=""
FAIL_REASON=""
start_server() {
    local logdir=$1 line rc deadline
    shift
    : >"$logdir/server.out"
    # Own session: the terminal's Ctrl-C reaches us, and we stop the server in order.
    setsid "$JAVA" "${JAVA_OPTS[@]}" -jar "$RUN_SERVER_JAR" "$@" \
        </dev/null >"$logdir/server.out" 2>"$logdir/server.err" &
    SERVER_PID=$!
    printf '%s\n' "${JAVA_OPTS[*]} -jar $RUN_SERVER_JAR $*" >"$logdir/server.cmd"
    deadline=$((SECONDS + SERVER_READY_TIMEOUT))
    while :; do
        line=$(grep -a -m 1 '^ready ' "$logdir/server.out" 2>/dev/null || true)
        if [[ -n "$line" ]]; then
            READY_ADDRESS=${line#ready }
            READY_ADDRESS=${READY_ADDRESS%$'\r'}
            return 0
        fi
        if ! alive "$SERVER_PID"; then
            rc=0
            wait "$SERVER_PID" 2>/dev/null || rc=$?
            SERVER_PID=""
            FAIL_REASON="server exited (status $rc) before ready: $(last_line "$logdir/server.err")"
            return 1
        fi
        if ((SECONDS >= deadline)); then
            FAIL_REASON="server printed no ready line within ${SERVER_READY_TIMEOUT}s: $(last_line "$logdir/server.err")"
            stop_server
            return 1
        fi
        sleep 0.1
    done
}

# run_cell T MODE SIZE ADDRESS LOGDIR [--peer]
run_cell() {
    local t=$1 m=$2 s=$3 addr=$4 logdir=$5
    shift 5
    local window base rc start_ms elapsed_ms last
    window=$(window_for "$m")
    base="$logdir/client-$m-$s"
    CELL_NO=$((CELL_NO + 1))
    say "[cell $CELL_NO/$TOTAL_CELLS] $t $m $s B … $(eta_text)"

    if [[ -z "$SERVER_PID" ]] || ! alive "$SERVER_PID"; then
        skip "$t" "$m $s B: server no longer running: $(last_line "$logdir/server.err")"
        CELLS_ERROR+=("$t $m $s B")
        say "  -> not run: the server died ($(last_line "$logdir/server.err"))"
        return 0
    fi

    start_ms=$(now_ms)
    # timeout: a hung client must not hang the session; it also puts the client
    # in its own process group, so cleanup decides when it stops.
    printf '%s\n' "--address $addr $* --transport $t --mode $m --window $window --payload $s --calls $CALLS --runs $RUNS --warmup-runs $WARMUP --csv $OUT/runs.csv" >"$base.cmd"
    timeout --kill-after=10 "$CELL_TIMEOUT" \
        "$JAVA" "${JAVA_OPTS[@]}" -jar "$RUN_CLIENT_JAR" --address "$addr" "$@" --transport "$t" \
        --mode "$m" --window "$window" --payload "$s" --calls "$CALLS" --runs "$RUNS" \
        --warmup-runs "$WARMUP" --csv "$OUT/runs.csv" </dev/null >"$base.out" 2>"$base.err" &
    CLIENT_PID=$!
    rc=0
    wait "$CLIENT_PID" || rc=$?
    CLIENT_PID=""
    elapsed_ms=$(($(now_ms) - start_ms))
    last=$(one_line "$(last_line "$base.err")")

    case "$rc" in
        0)
            CELLS_OK=$((CELLS_OK + 1))
            CELLS_RAN=$((CELLS_RAN + 1))
            say "  -> ok in $(fmt_duration $((elapsed_ms / 1000))): $last"
            ;;
        1)
            CELLS_LOST+=("$t $m $s B")
            CELLS_RAN=$((CELLS_RAN + 1))
            say "  -> FAILED: calls lost, mismatched or failed (rows are in runs.csv): $last"
            ;;
        2)
            CELLS_ERROR+=("$t $m $s B")
            skip "$t" "$m $s B: $last"
            say "  -> not run (client usage/connect error): $last"
            ;;
        124)
            CELLS_ERROR+=("$t $m $s B")
            skip "$t" "$m $s B: client timed out after ${CELL_TIMEOUT}s: $last"
            say "  -> TIMED OUT after ${CELL_TIMEOUT}s: $last"
            ;;
        *)
            CELLS_ERROR+=("$t $m $s B")
            skip "$t" "$m $s B: client crashed (exit $rc): $last"
            say "  -> CRASHED (exit $rc): $last"
            ;;
    esac
    DONE_WEIGHT=$((DONE_WEIGHT + $(cell_weight)))
    MEASURED_WEIGHT=$((MEASURED_WEIGHT + $(cell_weight)))
    MEASURED_MS=$((MEASURED_MS + elapsed_ms))
}

CELLS_DONE_IN_T=0
run_transport() {
    local t=$1 tdir logdir addr reason m s t0
    local -a server_args=() peer=()
    t0=$(now_ms)
    CELLS_DONE_IN_T=0
    logdir="$LOGS/$t"
    mkdir -p "$logdir"
    tdir=$(mktemp -d "$TMP_ROOT/$t.XXXX")
    CUR_TRANSPORT=$t
    CUR_TDIR=$tdir
    say "== $t"

    case "$t" in
        dbus-daemon | dbus-broker | dbus-daemon-tcp)
            BUS_DIRS+=("$tdir/bus")
            mkdir "$tdir/bus"
            if ! addr=$("$BUS_SH" up "$t" "$tdir/bus" 2>"$logdir/bus-up.err"); then
                reason=$(last_line "$logdir/bus-up.err")
                skip_transport "$t" "bus did not start: ${reason#bus.sh: }"
                finish_transport
                return 0
            fi
            say "   bus: $addr"
            server_args=(--bus "$addr")
            ;;
        p2p-unix)
            server_args=(--listen "unix:path=$tdir/p2p.sock")
            peer=(--peer)
            ;;
        p2p-tcp)
            server_args=(--listen "tcp:host=127.0.0.1,port=0")
            peer=(--peer)
            ;;
    esac

    if ! start_server "$logdir" "${server_args[@]}"; then
        skip_transport "$t" "$FAIL_REASON"
        finish_transport
        return 0
    fi
    # p2p: the server's listening address (with the real port for port=0).
    if ((${#peer[@]} > 0)); then addr=$READY_ADDRESS; fi
    say "   server ready: $READY_ADDRESS"
    # Start-up time counts towards the ETA of the cells that follow.
    MEASURED_MS=$((MEASURED_MS + $(now_ms) - t0))

    for m in "${MODES[@]}"; do
        for s in "${SIZES[@]}"; do
            run_cell "$t" "$m" "$s" "$addr" "$logdir" "${peer[@]}"
            CELLS_DONE_IN_T=$((CELLS_DONE_IN_T + 1))
        done
    done
    finish_transport
}

run_report() {
    REPORT_OK=0
    if [[ ! -s "$OUT/runs.csv" ]]; then
        say "no runs.csv: nothing for the report"
        return 0
    fi
    say "report: $JAVA -jar ${ANALYSIS_JAR#"$REPO"/} report $OUT"
    if "$JAVA" -jar "$RUN_ANALYSIS_JAR" report "$OUT" </dev/null >"$LOGS/analysis.log" 2>&1; then
        REPORT_OK=1
    else
        say "report FAILED: $(one_line "$(last_line "$LOGS/analysis.log")") (log: $LOGS/analysis.log)"
    fi
}

main() {
    parse_args "$@"

    command -v "$JAVA" >/dev/null 2>&1 || die 3 "java not found ('$JAVA'); set JAVA or put java on PATH"

    if [[ -z "$OPT_OUT" ]]; then
        OUT="$REPO/results/$(date -u +%Y-%m-%dT%H-%M-%SZ)"
    else
        OUT=$OPT_OUT
    fi
    if [[ -e "$OUT/runs.csv" ]]; then
        usage_error "$OUT already holds a runs.csv; choose another --out (results are never mixed)"
    fi
    mkdir -p "$OUT/logs" || die 2 "cannot create $OUT"
    OUT=$(cd "$OUT" && pwd -P)
    LOGS="$OUT/logs"
    SESSION_LOG="$LOGS/session.log"

    trap on_exit EXIT
    trap 'on_signal INT' INT
    trap 'on_signal TERM' TERM

    TMP_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/dbus-lab.XXXXXX")
    say "$PROG: results in $OUT"
    say "preset $PRESET: calls $CALLS, runs $RUNS, warm-up $WARMUP, async window $WINDOW, sizes ${SIZES[*]}"
    say "transports ${TRANSPORTS[*]}; modes ${MODES[*]}; LAB_JAVA_OPTS='${LAB_JAVA_OPTS:-}'"

    build_if_needed
    snapshot_jars
    write_plan
    capture_environment

    local t
    for t in "${TRANSPORTS[@]}"; do
        run_transport "$t"
    done

    if [[ "$OPT_SCENARIOS" != none ]]; then
        local -a preset=()
        [[ "$PRESET" == default ]] || preset=("--$PRESET")
        say "scenarios: lab/run-scenarios.sh ${preset[*]} --scenarios $OPT_SCENARIOS (log: $LOGS/scenarios.log)"
        # As CLIENT_PID, so an interruption stops it (it stops its own bus, mock and clients).
        "$LAB_DIR/run-scenarios.sh" "${preset[@]}" --no-build --scenarios "$OPT_SCENARIOS" --buses dbus-daemon,dbus-broker \
            --out "$OUT" </dev/null >/dev/null 2>"$LOGS/scenarios.log" &
        CLIENT_PID=$!
        wait "$CLIENT_PID" || { SCENARIOS_FAILED=1; say "scenarios FAILED: $(last_line "$LOGS/scenarios.log")"; }
        CLIENT_PID=""
    fi

    run_report

    # Summary.
    say ""
    say "cells: $TOTAL_CELLS planned, $CELLS_RAN ran ($CELLS_OK clean, ${#CELLS_LOST[@]} with lost/mismatched/failed calls), ${#CELLS_ERROR[@]} could not run"
    local x
    for x in "${SKIPPED_TRANSPORTS[@]}"; do say "skipped transport: $x"; done
    for x in "${CELLS_LOST[@]}"; do say "lost/mismatched/failed calls: $x"; done
    for x in "${CELLS_ERROR[@]}"; do say "cell not run: $x (see skipped.tsv)"; done
    if ((REPORT_OK)); then
        say "report: $OUT/report.md"
        # The only line on stdout, for scripts: report=$(lab/run-all.sh ...)
        printf '%s\n' "$OUT/report.md"
    fi

    local rc=0
    if ((CELLS_RAN == 0)); then
        say "$PROG: no cell ran"
        rc=1
    fi
    if ((${#CELLS_LOST[@]} > 0 || ${#CELLS_ERROR[@]} > 0 || SCENARIOS_FAILED)); then rc=1; fi
    if [[ -s "$OUT/runs.csv" ]] && ((!REPORT_OK)); then rc=1; fi
    return "$rc"
}

main "$@"
