#!/usr/bin/env bash
# The lab driver: one session = transports x modes x payload sizes (the matrix),
# plus reference rows (libdbus dbus-test-tool pairs, a raw-socket floor) and a
# pipelining-depth sweep, measured in interleaved rounds; results in one folder
# (docs/RESULTS-FORMAT.md). Run lab/run-all.sh --help for flags, presets,
# outputs and exit codes.
set -euo pipefail

# ---------------------------------------------------------------------------
# Presets: calls per run, measured runs per cell (over all rounds), measured
# runs per round (= per client process), warm-up runs per client process,
# rounds and sizes that carry reference rows (0 = all) and the sweep. Budgets measured on
# the 2-core development box are in lab/README.md:
#   quick:   CI and a first look: matrix + minimal reference rows, < 2 minutes.
#   default: matrix + reference + raw floor + sweep, < 10 minutes.
#   full:    the 2015 kdbus benchmark's 20000 calls per run (no time budget).
# ---------------------------------------------------------------------------
QUICK_CALLS=200
QUICK_RUNS=3
QUICK_RUNS_PER_ROUND=3
QUICK_WARMUP=1
QUICK_WARMUP_ASYNC=1
QUICK_WARMUP_MAX_S=0          # quick: no JIT watch, a first look only
QUICK_REF_ROUNDS=1
QUICK_REF_SIZES=1             # reference rows at the first size only
QUICK_SWEEP=0
DEFAULT_CALLS=500
DEFAULT_RUNS=20
DEFAULT_RUNS_PER_ROUND=10
DEFAULT_WARMUP=60            # sync: 30 000 calls; with 10 000 the JIT still made 300 ms compiles during measured runs (docs/PERFORMANCE.md)
DEFAULT_WARMUP_ASYNC=100     # async: 50 000 calls; with all three processes busy the JIT's C2 compiles come late (docs/PERFORMANCE.md)
DEFAULT_WARMUP_MAX_S=10      # then warm up on until the JIT is quiet, for at most this many seconds (client --warmup-max-seconds)
DEFAULT_REF_ROUNDS=0
DEFAULT_REF_SIZES=0
DEFAULT_SWEEP=1
FULL_CALLS=20000
FULL_RUNS=10
FULL_RUNS_PER_ROUND=2
FULL_WARMUP=2
FULL_WARMUP_ASYNC=2
FULL_WARMUP_MAX_S=10
FULL_REF_ROUNDS=0
FULL_REF_SIZES=0
FULL_SWEEP=1

DEFAULT_WINDOW=128           # calls in flight in async mode (sync is always 1)
DEFAULT_SIZES=1000,10000     # payload bytes
ALL_TRANSPORTS=dbus-daemon,dbus-broker,p2p-unix,p2p-tcp,dbus-daemon-tcp
ALL_MODES=sync,async
MAX_PAYLOAD=67108864         # 64 MiB: the D-Bus array limit, the contract's maximum
MIN_PAYLOAD=8                # a payload carries its call's 8-byte sequence number (the client refuses fewer)
SERVER_READY_TIMEOUT=30      # s until every server must have printed its ready line
DEFAULT_CELL_TIMEOUT=3600    # s one client process may take before it counts as hung
# shellcheck disable=SC2034 # read by lib/processes.sh
STOP_GRACE=5                 # s between TERM and KILL for the processes we started
PAYLOAD_SEED=20150430        # the client's default --seed; round r uses +1000*(r-1)

DEFAULT_SWEEP_WINDOWS=1,2,4,8,16,32,64,128,256
MAX_SWEEP_WINDOW=65536
SWEEP_RUNS_DEFAULT=3         # measured runs per sweep point (one client process)
SWEEP_WARMUP=40              # least warm-up runs of a sweep point's client process (fewer than the matrix's, for the time budget: 36 processes), at most the async warm-up; the JIT watch goes on from there
SWEEP_BUSES=(dbus-daemon dbus-broker)
OVERLIMIT_MAX_REPLIES=8      # max_replies_per_connection of the over-limit check's dbus-daemon: low, because a fast server keeps the pending count of a 128-call burst down and a limit of 64 was only sometimes reached
OVERLIMIT_WINDOW=128         # ... and the window that must exceed it
OVERLIMIT_EXPECTED=LimitsExceeded
OVERLIMIT_TRANSPORT="dbus-daemon-limit$OVERLIMIT_MAX_REPLIES"

REFERENCE_BUSES=(dbus-daemon dbus-broker)
LIBDBUS_ECHO_NAME=com.example.LabEcho     # name claimed by 'dbus-test-tool echo'
JAVA_ECHO_NAME=org.dbuslab.Echo           # the Java server's name (api EchoContract.BUS_NAME)
SPAM_FIXED_SAMPLES=5         # --count=1 spam processes per reference cell and round (median = fixed_ns)
SPAM_WARMUP=1                # warm-up spam processes per reference cell and round
SERVER_WARMUP_CALLS=20000    # pipelined spam calls per reference size that warm each bus's Java server before round 1 ...
SERVER_WARMUP_BYTES=200000000 # ... but no more payload bytes than this per size (large --sizes)
SPAM_RUN_TIMEOUT_MAX=300     # s one spam process may take (it waits forever for a lost reply)
RAW_CLIENT_CLASS=org.dbuslab.client.raw.RawEchoClient
RAW_SERVER_CLASS=org.dbuslab.client.raw.RawEchoServer
RAW_TRANSPORTS=(raw-unix raw-tcp)

PAIR_JAVA='dbus-java>dbus-java'
PAIR_LIBDBUS='libdbus>libdbus'
PAIR_JAVA_LIBDBUS='dbus-java>libdbus'
PAIR_LIBDBUS_JAVA='libdbus>dbus-java'
PAIR_RAW='jdk>jdk'

# runs.csv: the client's columns (the first ten are the contract), then ours.
# A column the client adds beyond BASE_COLUMNS is not carried over (the session
# log says so): add it here.
BASE_COLUMNS=transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors,phase,method,started_utc,latency_log,latency_tag,jit_ms
EXTRA_COLUMNS=round,pair,reference,series,fixed_ns,expected
readonly CSV_HEADER="$BASE_COLUMNS,$EXTRA_COLUMNS"

readonly PROG=run-all.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
# shellcheck source-path=SCRIPTDIR source=lib/processes.sh
source "$LAB_DIR/lib/processes.sh" # last_line, alive, stop_pid, install_cleanup_traps
REPO=$(cd "$LAB_DIR/.." && pwd -P)
readonly LAB_DIR REPO
readonly BUS_SH="$LAB_DIR/bus.sh"
readonly SERVER_JAR="$REPO/server/target/dbus-lab-server.jar"
readonly CLIENT_JAR="$REPO/client/target/dbus-lab-client.jar"
readonly ANALYSIS_JAR="$REPO/analysis/target/dbus-lab-analysis.jar"
readonly ENV_CAPTURE_CLASS=org.dbuslab.client.env.EnvironmentCapture

JAVA=${JAVA:-java}
# JVM flags for the measuring JVMs (servers, clients, environment capture).
# Word-split on purpose: LAB_JAVA_OPTS="-Xmx1g -XX:+UseParallelGC". Unset, it is
# the serial collector: on 2 cores G1's own threads cost a pipelined 10000 B
# client 8 us of CPU per call, as much as libdbus spends on the whole call
# (docs/PERFORMANCE.md, step 7). LAB_JAVA_OPTS= (empty) gives the JVM's defaults.
DEFAULT_JAVA_OPTS="-XX:+UseSerialGC"
readonly LAB_JVM_FLAGS=${LAB_JAVA_OPTS-$DEFAULT_JAVA_OPTS}
read -r -a JAVA_OPTS <<<"$LAB_JVM_FLAGS"

rounds_of() { printf '%s' $((($1 + $2 - 1) / $2)); } # rounds_of RUNS RUNS_PER_ROUND

usage() {
    cat <<EOF
Usage: lab/run-all.sh [--quick | --full] [options]

Runs the D-Bus echo benchmark: the matrix (every transport x mode x payload
size, Java client against Java server), reference rows (libdbus dbus-test-tool
pairs on dbus-daemon and dbus-broker, and a raw-socket floor without D-Bus) and
a pipelining-depth sweep. Every bus and server is started once, at the start.
The measured runs are then made in rounds: each round starts one client process
per cell (its own warm-up runs, then a few measured runs), in an order shuffled
per round from a recorded seed, so a slow drift of the machine is spread over
all cells instead of hitting whichever ran last; a Java cell and the libdbus
pairs measured against it run back to back. At the end the analysis jar
writes the report.

Presets     calls/run runs/cell rounds x runs warm-up sync/async, JIT watch  reference rows   sweep  measured here
  (default) $DEFAULT_CALLS       $DEFAULT_RUNS        $(rounds_of "$DEFAULT_RUNS" "$DEFAULT_RUNS_PER_ROUND") x $DEFAULT_RUNS_PER_ROUND       $DEFAULT_WARMUP/$DEFAULT_WARMUP_ASYNC runs, <= $DEFAULT_WARMUP_MAX_S s          all rounds       yes    8-10 min
  --quick   $QUICK_CALLS       $QUICK_RUNS         $(rounds_of "$QUICK_RUNS" "$QUICK_RUNS_PER_ROUND") x $QUICK_RUNS_PER_ROUND       $QUICK_WARMUP/$QUICK_WARMUP_ASYNC runs, off              round 1, size 1  no     about 1 min
  --full    $FULL_CALLS     $FULL_RUNS        $(rounds_of "$FULL_RUNS" "$FULL_RUNS_PER_ROUND") x $FULL_RUNS_PER_ROUND       $FULL_WARMUP/$FULL_WARMUP_ASYNC runs, <= $FULL_WARMUP_MAX_S s           all rounds       yes    hours
  "rounds x runs": rounds, measured runs of each cell per round; "warm-up":
  the least warm-up runs of every client process in sync and async mode, then
  the JIT watch: more warm-up runs until the JIT has gone quiet, for at most
  that many seconds (see --warmup-max-seconds). Budgets on a noisy 2-core
  machine: --quick under 2 minutes, default under 10 (lab/README.md).

Matrix (options override the preset, in any order):
  --runs N            measured runs per cell, over all rounds (>= 1)
  --runs-per-round B  measured runs per cell and round, i.e. per client process
                      (>= 1); rounds = ceil(runs / B)
  --warmup-runs N     least warm-up runs of every client process, sync and async
                      (>= 0). Each round's client is a fresh JVM, so every round
                      warms up again; its warm-up rows are recorded with
                      phase=warmup
  --warmup-max-seconds S
                      after those, the Java clients warm up on until the JIT has
                      gone quiet, for at most S seconds (0 = off); every run's
                      JIT compilation time is in runs.csv's jit_ms column
  --calls N           calls per run (>= 1)
  --window N          calls in flight in async mode (>= 1, default $DEFAULT_WINDOW); sync uses 1
  --sizes LIST        payload bytes, comma-separated (default $DEFAULT_SIZES, min $MIN_PAYLOAD, max $MAX_PAYLOAD)
  --transports LIST   comma-separated subset of
                      $ALL_TRANSPORTS (default: all)
  --modes LIST        comma-separated subset of $ALL_MODES (default: both)

Order:
  --order MODE        interleaved (default): rounds as above, every round in its
                      own shuffled order, each Java cell next to the libdbus
                      pairs it is compared with; sequential: one round, one client
                      process per cell with all its runs, transport by transport
  --order-seed S      seed of the shuffle, 0..999999999 (default: the session's
                      start time); order.tsv records it and the resulting order

Reference rows (rows with reference=true):
  --no-reference      skip them (libdbus pairs and raw-socket floor)
  libdbus pairs, on dbus-daemon and dbus-broker of --transports, every mode and
  size, same calls and runs per round as the matrix:
    libdbus>libdbus    dbus-test-tool spam -> dbus-test-tool echo
    dbus-java>libdbus  Java client (--method spam) -> dbus-test-tool echo
    libdbus>dbus-java  dbus-test-tool spam -> the Java server (com.example.Spam)
  dbus-test-tool echo replies EMPTY: these rows move half the bytes of a true
  echo. spam cannot time itself: its process is timed from outside, and its
  fixed cost (start, connect, one call, exit) is measured in the same round
  and recorded in fixed_ns. Before round 1 the Java server on each of these
  buses is warmed up with $SERVER_WARMUP_CALLS pipelined spam calls per size
  (fewer above 10 kB; not recorded), so libdbus>dbus-java never measures the
  server's JIT. A pair whose hook is missing in the Java client or server is
  skipped (skipped.tsv), not failed.
  raw-unix, raw-tcp: JDK socket channels, 4-byte length + payload, true echo,
  every reply verified, sync and pipelined (java -cp client jar $RAW_CLIENT_CLASS).

Sweep (Java client, async, every size, dbus-daemon and dbus-broker of --transports):
  --sweep, --no-sweep    on by default and with --full, off with --quick
  --sweep-windows LIST   windows (default $DEFAULT_SWEEP_WINDOWS)
  --sweep-runs N         measured runs per point (default $SWEEP_RUNS_DEFAULT), after at least
                         $SWEEP_WARMUP warm-up runs (or the async warm-up, when fewer) and the JIT watch
  --sweep-calls N        calls per run; a point makes max(N, 2 x window) calls
                         (default: the session's calls per run)
  Each point is one client process, placed in one of the rounds. With the sweep
  and dbus-daemon, an over-limit check runs too: a second dbus-daemon with
  max_replies_per_connection=$OVERLIMIT_MAX_REPLIES and a client with window $OVERLIMIT_WINDOW (transport
  $OVERLIMIT_TRANSPORT). It must end in $OVERLIMIT_EXPECTED errors from the bus, counted as
  errors and judged in notes.tsv; not lost calls, not a hang. dbus-broker has no
  such limit (it ignores max_replies_per_connection).

Session:
  --cell-timeout S    seconds one client process may run before it is killed
                      and counted as failed (default $DEFAULT_CELL_TIMEOUT)
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
  LAB_JAVA_OPTS     JVM flags for servers, clients and environment capture
                    (default: $DEFAULT_JAVA_OPTS; set it empty for the JVM's defaults)

Outputs in the results folder (docs/RESULTS-FORMAT.md):
  plan.tsv          every planned Java and raw cell, written at the start
  order.tsv         every client process in run order: round, position, cell,
                    pair, series, payload seed, order seed
  runs.csv          one row per run, appended as each client process ends (an
                    interrupted session keeps every row it completed); the
                    client's columns, then round, pair, reference, series,
                    fixed_ns, expected
  fixed-cost.tsv    every spam fixed-cost sample behind fixed_ns
  skipped.tsv       transport<TAB>reason: a transport that could not start, a
                    cell that could not run, a pair whose hook is missing
  notes.tsv         topic<TAB>outcome<TAB>text: the over-limit check's verdict
  environment.json  machine, OS, JVM and bus versions
  latency/          HdrHistogram logs, one per cell and round
  logs/             session.log, build.log; per transport: bus logs, server and
                    libdbus echo output, .cmd/.out/.err of every client process
  summary.json, report.md   written by the analysis jar at the end

Progress and an ETA go to stderr (and logs/session.log). The only line on
stdout is the path of report.md, once it has been written.

Exit codes:
  0    every cell ran and no call was lost, mismatched or failed (the over-limit
       check's expected errors aside); a transport that could not start, or a
       reference pair whose hook is missing, is listed in skipped.tsv but does
       not fail the session
  1    some cell lost/mismatched/failed calls, a client crashed, timed out or
       could not connect, a bus or server died, the over-limit check did not end
       as expected, no cell ran at all, or the report failed
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

# check_uint NAME VALUE MIN: a plain decimal integer >= MIN (no sign, no
# exponent, at most 9 digits so bash arithmetic cannot overflow).
check_uint() {
    local name=$1 value=$2 min=$3
    [[ "$value" =~ ^[0-9]{1,9}$ ]] || usage_error "$name must be a whole number, got '$value'"
    ((10#$value >= min)) || usage_error "$name must be >= $min, got '$value'"
}

# comma_items NAME VALUE: a non-empty comma list without empty elements -> ITEMS.
ITEMS=()
comma_items() {
    [[ -n "$2" ]] || usage_error "$1 must not be empty"
    [[ "$2" != *,, && "$2" != ,* && "$2" != *, && "$2" != *,,* ]] ||
        usage_error "$1 has an empty element: '$2'"
    IFS=, read -r -a ITEMS <<<"$2"
}

# split_list NAME VALUE ALLOWED...: comma list -> LIST (deduplicated, in order).
LIST=()
split_list() {
    local name=$1 value=$2 item a ok seen
    shift 2
    LIST=()
    comma_items "$name" "$value"
    for item in "${ITEMS[@]}"; do
        ok=0
        for a in "$@"; do [[ "$item" == "$a" ]] && ok=1; done
        ((ok)) || usage_error "unknown $name element '$item' (allowed: $(IFS=,; printf '%s' "$*"))"
        seen=0
        for a in "${LIST[@]}"; do [[ "$item" == "$a" ]] && seen=1; done
        ((seen)) || LIST+=("$item")
    done
}


# parse_uint_list NAME VALUE MIN MAX: comma list of whole numbers -> LIST
# (deduplicated, in order).
parse_uint_list() {
    local name=$1 value=$2 min=$3 max=$4 item
    LIST=()
    comma_items "$name" "$value"
    for item in "${ITEMS[@]}"; do
        [[ "$item" =~ ^[0-9]{1,9}$ ]] || usage_error "$name: '$item' is not a whole number"
        item=$((10#$item))
        ((item >= min && item <= max)) || usage_error "$name: $item is outside $min..$max"
        [[ " ${LIST[*]} " == *" $item "* ]] || LIST+=("$item")
    done
}

PRESET=default
OPT_RUNS="" OPT_WARMUP="" OPT_WARMUP_MAX_S="" OPT_CALLS="" OPT_WINDOW="" OPT_RUNS_PER_ROUND=""
OPT_SIZES=$DEFAULT_SIZES
OPT_TRANSPORTS=$ALL_TRANSPORTS
OPT_MODES=$ALL_MODES
OPT_OUT=""
OPT_ORDER="" OPT_ORDER_SEED=""
OPT_SWEEP="" OPT_SWEEP_WINDOWS=$DEFAULT_SWEEP_WINDOWS OPT_SWEEP_RUNS="" OPT_SWEEP_CALLS=""
REFERENCE=1
CELL_TIMEOUT=$DEFAULT_CELL_TIMEOUT
BUILD=auto
OPT_SCENARIOS=cold-start,property-reads,property-freshness
SCENARIOS_FAILED=0

parse_args() {
    local opt val
    while (($# > 0)); do
        opt=$1
        val=""
        # --flag=value and --flag value are both accepted for options with a value.
        case "$opt" in
            --runs=* | --warmup-runs=* | --warmup-max-seconds=* | --calls=* | --window=* | --sizes=* | --transports=* | \
                --modes=* | --out=* | --cell-timeout=* | --runs-per-round=* | --order=* | \
                --order-seed=* | --sweep-windows=* | --sweep-runs=* | --sweep-calls=* | --scenarios=*)
                val=${opt#*=}
                opt=${opt%%=*}
                ;;
            --runs | --warmup-runs | --warmup-max-seconds | --calls | --window | --sizes | --transports | --modes | --out | \
                --cell-timeout | --runs-per-round | --order | --order-seed | --sweep-windows | \
                --sweep-runs | --sweep-calls | --scenarios)
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
            --runs-per-round) check_uint --runs-per-round "$val" 1; OPT_RUNS_PER_ROUND=$((10#$val)) ;;
            --warmup-runs) check_uint --warmup-runs "$val" 0; OPT_WARMUP=$((10#$val)) ;;
            --warmup-max-seconds) check_uint --warmup-max-seconds "$val" 0; OPT_WARMUP_MAX_S=$((10#$val)) ;;
            --calls) check_uint --calls "$val" 1; OPT_CALLS=$((10#$val)) ;;
            --window) check_uint --window "$val" 1; OPT_WINDOW=$((10#$val)) ;;
            --cell-timeout) check_uint --cell-timeout "$val" 1; CELL_TIMEOUT=$((10#$val)) ;;
            --sizes) OPT_SIZES=$val ;;
            --transports) OPT_TRANSPORTS=$val ;;
            --modes) OPT_MODES=$val ;;
            --scenarios) OPT_SCENARIOS=$val ;;
            --order)
                [[ "$val" == interleaved || "$val" == sequential ]] ||
                    usage_error "--order must be interleaved or sequential, got '$val'"
                OPT_ORDER=$val
                ;;
            --order-seed) check_uint --order-seed "$val" 0; OPT_ORDER_SEED=$((10#$val)) ;;
            --no-reference) REFERENCE=0 ;;
            --sweep | --no-sweep)
                local want=1
                [[ "$opt" == --sweep ]] || want=0
                [[ -z "$OPT_SWEEP" || "$OPT_SWEEP" == "$want" ]] || usage_error "--sweep and --no-sweep exclude each other"
                OPT_SWEEP=$want
                ;;
            --sweep-windows) OPT_SWEEP_WINDOWS=$val ;;
            --sweep-runs) check_uint --sweep-runs "$val" 1; OPT_SWEEP_RUNS=$((10#$val)) ;;
            --sweep-calls) check_uint --sweep-calls "$val" 1; OPT_SWEEP_CALLS=$((10#$val)) ;;
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

    local preset_rpr preset_ref_rounds preset_sweep
    case "$PRESET" in
        quick)
            CALLS=$QUICK_CALLS RUNS=$QUICK_RUNS WARMUP=$QUICK_WARMUP preset_rpr=$QUICK_RUNS_PER_ROUND
            WARMUP_ASYNC=$QUICK_WARMUP_ASYNC WARMUP_MAX_S=$QUICK_WARMUP_MAX_S
            preset_ref_rounds=$QUICK_REF_ROUNDS REF_SIZES=$QUICK_REF_SIZES
            preset_sweep=$QUICK_SWEEP
            ;;
        full)
            CALLS=$FULL_CALLS RUNS=$FULL_RUNS WARMUP=$FULL_WARMUP preset_rpr=$FULL_RUNS_PER_ROUND
            WARMUP_ASYNC=$FULL_WARMUP_ASYNC WARMUP_MAX_S=$FULL_WARMUP_MAX_S
            preset_ref_rounds=$FULL_REF_ROUNDS REF_SIZES=$FULL_REF_SIZES
            preset_sweep=$FULL_SWEEP
            ;;
        *)
            CALLS=$DEFAULT_CALLS RUNS=$DEFAULT_RUNS WARMUP=$DEFAULT_WARMUP preset_rpr=$DEFAULT_RUNS_PER_ROUND
            WARMUP_ASYNC=$DEFAULT_WARMUP_ASYNC WARMUP_MAX_S=$DEFAULT_WARMUP_MAX_S
            preset_ref_rounds=$DEFAULT_REF_ROUNDS REF_SIZES=$DEFAULT_REF_SIZES
            preset_sweep=$DEFAULT_SWEEP
            ;;
    esac
    CALLS=${OPT_CALLS:-$CALLS}
    RUNS=${OPT_RUNS:-$RUNS}
    WARMUP=${OPT_WARMUP:-$WARMUP}
    WARMUP_ASYNC=${OPT_WARMUP:-$WARMUP_ASYNC}
    WARMUP_MAX_S=${OPT_WARMUP_MAX_S:-$WARMUP_MAX_S}
    WINDOW=${OPT_WINDOW:-$DEFAULT_WINDOW}
    SWEEP=${OPT_SWEEP:-$preset_sweep}
    SWEEP_CALLS=${OPT_SWEEP_CALLS:-$CALLS}
    SWEEP_RUNS=${OPT_SWEEP_RUNS:-$SWEEP_RUNS_DEFAULT}
    ORDER=${OPT_ORDER:-interleaved}
    if [[ -n "$OPT_ORDER_SEED" ]]; then
        ORDER_SEED=$OPT_ORDER_SEED
    else
        ORDER_SEED=$(($(date +%s) % 1000000000))
    fi

    # Rounds: ceil(RUNS / B); the last round makes what is left.
    if [[ "$ORDER" == sequential ]]; then
        RUNS_PER_ROUND=$RUNS
    else
        RUNS_PER_ROUND=${OPT_RUNS_PER_ROUND:-$preset_rpr}
        ((RUNS_PER_ROUND <= RUNS)) || RUNS_PER_ROUND=$RUNS
    fi
    ROUNDS=$(((RUNS + RUNS_PER_ROUND - 1) / RUNS_PER_ROUND))
    REF_ROUNDS=$preset_ref_rounds
    ((REF_ROUNDS >= 1 && REF_ROUNDS <= ROUNDS)) || REF_ROUNDS=$ROUNDS

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
        ((10#$s >= MIN_PAYLOAD)) || usage_error "--sizes: $s bytes cannot carry a call's sequence number; the smallest payload is $MIN_PAYLOAD bytes"
        s=$((10#$s))
        [[ " ${SIZES[*]} " == *" $s "* ]] || SIZES+=("$s")
    done

    split_list --transports "$OPT_TRANSPORTS" dbus-daemon dbus-broker p2p-unix p2p-tcp dbus-daemon-tcp
    TRANSPORTS=("${LIST[@]}")
    split_list --modes "$OPT_MODES" sync async
    MODES=("${LIST[@]}")
    # Reference rows at all sizes, or at the first REF_SIZES of them.
    REFERENCE_SIZES=("${SIZES[@]}")
    if ((REF_SIZES > 0 && REF_SIZES < ${#SIZES[@]})); then REFERENCE_SIZES=("${SIZES[@]:0:REF_SIZES}"); fi
    parse_uint_list --sweep-windows "$OPT_SWEEP_WINDOWS" 1 "$MAX_SWEEP_WINDOW"
    SWEEP_WINDOWS=("${LIST[@]}")
}

# has_transport T: T is one of the session's transports.
has_transport() { [[ " ${TRANSPORTS[*]} " == *" $1 "* ]]; }
is_bus() { [[ "$1" == dbus-daemon || "$1" == dbus-broker || "$1" == dbus-daemon-tcp ]]; }

# ---------------------------------------------------------------------------
# Process control. Everything we start is remembered here so the EXIT trap can
# stop it, whatever path (error, Ctrl-C, kill) ends the session.
# ---------------------------------------------------------------------------

CLIENT_PID=""           # the client process (or spam) running now
CUR_JOB=""              # its job, so an interruption still merges its finished runs
TMP_ROOT=""             # short temp dir for sockets and bus dirs (sun_path <= 107 bytes)
BUS_DIRS=()             # every bus.sh instance dir ever used (down is idempotent)
SVC_ORDER=()            # services in start order: srv:T, echo:T, raw:T
declare -A SVC_PID=()   # service -> pid (its own session, see spawn_service)
declare -A SVC_ADDR=()  # service or bus:T -> address the clients use
declare -A SVC_LOG=()   # service -> log base (LOGBASE.out / .err)
declare -A SVC_DEAD=()  # service or bus:T -> why it cannot be used (did not start, died)
declare -A BUS_DIR_OF=() # bus transport -> bus.sh instance dir
declare -A BUS_LOGDIR=() # bus transport -> where its logs are copied

# running_since PID STARTTIME: alive and still the process bus.sh recorded
# (field 22 of /proc/PID/stat guards against a reused pid).
running_since() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    local -a f
    read -r -a f <<<"$stat"
    [[ "${f[0]}" != Z && "${f[0]}" != X ]] || return 1
    [[ "$2" == 0 || "${f[19]}" == "$2" ]]
}

# bus_alive DIR: the bus processes recorded by bus.sh (dbus-daemon, or the
# broker and its launcher) are still running; if not, BUS_DEATH says which
# process is gone and the last thing the bus logged.
BUS_DEATH=""
bus_alive() {
    local pid start role msg
    BUS_DEATH="its pid file is gone"
    [[ -f "$1/pids" ]] || return 1
    while read -r pid start role; do
        case "$role" in
            dbus-daemon:bus | dbus-broker-launch | dbus-broker)
                running_since "$pid" "$start" && continue
                msg=$(grep -a '^MESSAGE=' "$1/broker-journal.log" 2>/dev/null | tail -n 1 || true)
                msg=${msg#MESSAGE=}
                [[ -n "$msg" ]] || msg=$(last_line "$1/bus.log")
                [[ -n "$msg" ]] || msg=$(last_line "$1/broker-launch.log")
                BUS_DEATH="$role (pid $pid) is no longer running${msg:+; last logged: $msg}"
                return 1
                ;;
        esac
    done <"$1/pids"
    return 0
}

stop_client() {
    local pid=$CLIENT_PID
    CLIENT_PID=""
    stop_pid "$pid"
}

# stop_services: every server and libdbus echo, last started first (TERM to all
# first, so their grace periods overlap), then every bus; bus logs are kept.
stop_services() {
    local i name pid
    for ((i = ${#SVC_ORDER[@]} - 1; i >= 0; i--)); do
        pid=${SVC_PID[${SVC_ORDER[i]}]:-}
        if [[ -n "$pid" ]] && alive "$pid"; then
            kill -TERM -- "-$pid" 2>/dev/null || true
            kill -TERM "$pid" 2>/dev/null || true
        fi
    done
    for ((i = ${#SVC_ORDER[@]} - 1; i >= 0; i--)); do
        name=${SVC_ORDER[i]}
        stop_pid "${SVC_PID[$name]:-}"
        SVC_PID[$name]=""
    done
    local t dir
    for t in "${!BUS_DIR_OF[@]}"; do
        dir=${BUS_DIR_OF[$t]}
        mkdir -p "${BUS_LOGDIR[$t]}"
        # 'down' removes the address file; the logs are complete only after it.
        cp -p "$dir/address" "${BUS_LOGDIR[$t]}/" 2>/dev/null || true
        "$BUS_SH" down "$dir" >/dev/null 2>&1 || true
        cp -p "$dir"/*.log "$dir"/*.conf "$dir"/*.mode "${BUS_LOGDIR[$t]}/" 2>/dev/null || true
    done
    BUS_DIR_OF=()
}

cleanup() {
    stop_client
    if [[ -n "$CUR_JOB" ]]; then
        # The interrupted client appended a row per finished run: keep them.
        merge_fragment "$CUR_JOB" 2>/dev/null || true
        CUR_JOB=""
    fi
    stop_services
    local d
    for d in "${BUS_DIRS[@]}"; do
        "$BUS_SH" down "$d" >/dev/null 2>&1 || true
    done
    if [[ -n "$TMP_ROOT" && -d "$TMP_ROOT" ]]; then
        rm -rf -- "$TMP_ROOT"
    fi
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
        printf '  "jvm_flags": %s,\n' "$(json_str "$LAB_JVM_FLAGS")"
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
# Services: every bus, Java server, libdbus echo and raw server of the session,
# all started at the beginning and left running until the end.
# ---------------------------------------------------------------------------

SKIPPED_TRANSPORTS=()
declare -A HOOK_MISSING=()   # pair@bus -> why that reference pair cannot run here

# skip TRANSPORT REASON: one skipped.tsv line "transport<TAB>reason".
skip() {
    printf '%s\t%s\n' "$1" "$(one_line "$2")" >>"$OUT/skipped.tsv"
}

# skip_transport T REASON: T could not start; its cells are dropped, not failed.
skip_transport() {
    local t=$1 reason
    reason=$(one_line "$2")
    skip "$t" "$reason"
    SKIPPED_TRANSPORTS+=("$t: $reason")
    say "[skip] $t: $reason"
}

# start_bus T LABEL [ENV=VALUE...]: bus.sh up; sets SVC_ADDR[bus:LABEL] or SVC_DEAD.
start_bus() {
    local t=$1 label=$2 dir addr reason logdir
    shift 2
    logdir="$LOGS/$label"
    mkdir -p "$logdir"
    dir=$(mktemp -d "$TMP_ROOT/$label.XXXX")/bus
    mkdir "$dir"
    BUS_DIRS+=("$dir")
    if ! addr=$(env "$@" "$BUS_SH" up "$t" "$dir" 2>"$logdir/bus-up.err"); then
        reason=$(last_line "$logdir/bus-up.err")
        SVC_DEAD[bus:$label]="bus did not start: ${reason#bus.sh: }"
        return 1
    fi
    BUS_DIR_OF[$label]=$dir
    BUS_LOGDIR[$label]="$logdir/bus"
    SVC_ADDR[bus:$label]=$addr
    say "   bus $label: $addr"
}

# spawn_service NAME LOGBASE CMD...: start CMD in its own session (the
# terminal's Ctrl-C reaches only us; we stop it in order), output to LOGBASE.*.
spawn_service() {
    local name=$1 logbase=$2
    shift 2
    printf '%s\n' "$*" >"$logbase.cmd"
    : >"$logbase.out"
    setsid "$@" </dev/null >"$logbase.out" 2>"$logbase.err" &
    SVC_PID[$name]=$!
    SVC_LOG[$name]=$logbase
    SVC_ORDER+=("$name")
}

# await_ready NAME DEADLINE: wait for the service's 'ready <address>' line;
# sets SVC_ADDR[NAME], or SVC_DEAD[NAME] and returns 1.
await_ready() {
    local name=$1 deadline=$2 pid=${SVC_PID[$1]} logbase=${SVC_LOG[$1]} line rc
    while :; do
        line=$(grep -a -m 1 '^ready ' "$logbase.out" 2>/dev/null || true)
        if [[ -n "$line" ]]; then
            line=${line#ready }
            SVC_ADDR[$name]=${line%$'\r'}
            return 0
        fi
        if ! alive "$pid"; then
            rc=0
            wait "$pid" 2>/dev/null || rc=$?
            SVC_DEAD[$name]="server exited (status $rc) before ready: $(last_line "$logbase.err")"
            return 1
        fi
        if ((SECONDS >= deadline)); then
            SVC_DEAD[$name]="server printed no ready line within ${SERVER_READY_TIMEOUT}s: $(last_line "$logbase.err")"
            stop_pid "$pid"
            return 1
        fi
        sleep 0.1
    done
}

# name_owned ADDRESS NAME: the bus has an owner for NAME.
name_owned() {
    timeout 5 dbus-send --bus="$1" --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.NameHasOwner "string:$2" 2>/dev/null | grep -q 'boolean true'
}

# start_libdbus_echo T: 'dbus-test-tool echo --name=...' on bus T, ready when it owns the name.
start_libdbus_echo() {
    local t=$1 name="echo:$1" addr=${SVC_ADDR[bus:$1]} deadline
    spawn_service "$name" "$LOGS/$t/libdbus-echo" \
        env DBUS_SESSION_BUS_ADDRESS="$addr" dbus-test-tool echo --name="$LIBDBUS_ECHO_NAME"
    deadline=$((SECONDS + 10))
    until name_owned "$addr" "$LIBDBUS_ECHO_NAME"; do
        if ! alive "${SVC_PID[$name]}" || ((SECONDS >= deadline)); then
            SVC_DEAD[$name]="dbus-test-tool echo did not claim $LIBDBUS_ECHO_NAME: $(last_line "$LOGS/$t/libdbus-echo.err")"
            stop_pid "${SVC_PID[$name]}"
            return 1
        fi
        sleep 0.05
    done
    SVC_ADDR[$name]=$addr
    say "   libdbus echo on $t: $LIBDBUS_ECHO_NAME"
}

# check_hooks: the reference pairs that need something from the Java side.
#  dbus-java>libdbus: the client's '--method spam' (calls com.example.Spam at /,
#                     expects an empty reply);
#  libdbus>dbus-java: the server answering interface com.example, member Spam
#                     at / with an empty reply.
check_hooks() {
    local t help reply rc
    [[ -n "$(reference_buses)" ]] || return 0
    help=$("$JAVA" "${JAVA_OPTS[@]}" -jar "$RUN_CLIENT_JAR" --help 2>&1 || true)
    if ! grep -q -e '--method' <<<"$help" || ! grep -q -e 'spam' <<<"$help"; then
        for t in "${REFERENCE_BUSES[@]}"; do
            HOOK_MISSING[$PAIR_JAVA_LIBDBUS@$t]="the Java client has no '--method spam' yet (hook pending)"
        done
    fi
    for t in "${REFERENCE_BUSES[@]}"; do
        [[ -n "${SVC_ADDR[srv:$t]:-}" && -z "${SVC_DEAD[srv:$t]:-}" ]] || continue
        rc=0
        reply=$(timeout 10 dbus-send --bus="${SVC_ADDR[bus:$t]}" --print-reply --dest="$JAVA_ECHO_NAME" / \
            com.example.Spam array:byte:1,2,3 2>&1) || rc=$?
        if ((rc != 0)); then
            reply=$(printf '%s\n' "$reply" | grep -v '^[[:space:]]*$' | tail -n 1 || true)
            HOOK_MISSING[$PAIR_LIBDBUS_JAVA@$t]="the Java server does not answer com.example.Spam at / yet (hook pending): $(one_line "$reply")"
        fi
    done
    local key
    for key in "${!HOOK_MISSING[@]}"; do
        t=${key#*@}
        has_transport "$t" || continue
        skip "$t $(pair_short "${key%@*}")" "reference pair ${key%@*} not run: ${HOOK_MISSING[$key]}"
        say "[skip] $t ${key%@*}: ${HOOK_MISSING[$key]}"
    done
}

# start_services: buses one after another, then every server at once (JVM
# start-ups overlap), then the libdbus echoes; then the hook checks.
start_services() {
    local t deadline name
    say "== starting buses and servers"
    for t in "${TRANSPORTS[@]}"; do
        mkdir -p "$LOGS/$t"
        if is_bus "$t" && ! start_bus "$t" "$t"; then
            skip_transport "$t" "${SVC_DEAD[bus:$t]}"
        fi
    done
    if ((OVERLIMIT)); then
        if ! start_bus dbus-daemon "$OVERLIMIT_TRANSPORT" LAB_BUS_MAX_REPLIES="$OVERLIMIT_MAX_REPLIES"; then
            skip "$OVERLIMIT_TRANSPORT" "over-limit check not run: ${SVC_DEAD[bus:$OVERLIMIT_TRANSPORT]}"
            say "[skip] over-limit check: ${SVC_DEAD[bus:$OVERLIMIT_TRANSPORT]}"
        fi
    fi

    local -a targets=("${TRANSPORTS[@]}")
    if ((OVERLIMIT)); then targets+=("$OVERLIMIT_TRANSPORT"); fi
    for t in "${targets[@]}"; do
        [[ -z "${SVC_DEAD[bus:$t]:-}" ]] || continue
        mkdir -p "$LOGS/$t"
        case "$t" in
            p2p-unix) spawn_service "srv:$t" "$LOGS/$t/server" "$JAVA" "${JAVA_OPTS[@]}" -jar "$RUN_SERVER_JAR" \
                --listen "unix:path=$TMP_ROOT/p2p.sock" ;;
            p2p-tcp) spawn_service "srv:$t" "$LOGS/$t/server" "$JAVA" "${JAVA_OPTS[@]}" -jar "$RUN_SERVER_JAR" \
                --listen "tcp:host=127.0.0.1,port=0" ;;
            *) spawn_service "srv:$t" "$LOGS/$t/server" "$JAVA" "${JAVA_OPTS[@]}" -jar "$RUN_SERVER_JAR" \
                --bus "${SVC_ADDR[bus:$t]}" ;;
        esac
    done
    if ((REFERENCE)); then
        for t in "${RAW_TRANSPORTS[@]}"; do
            mkdir -p "$LOGS/$t"
            case "$t" in
                raw-unix) spawn_service "raw:$t" "$LOGS/$t/server" "$JAVA" "${JAVA_OPTS[@]}" -cp "$RUN_CLIENT_JAR" \
                    "$RAW_SERVER_CLASS" --listen "unix:path=$TMP_ROOT/raw.sock" ;;
                raw-tcp) spawn_service "raw:$t" "$LOGS/$t/server" "$JAVA" "${JAVA_OPTS[@]}" -cp "$RUN_CLIENT_JAR" \
                    "$RAW_SERVER_CLASS" --listen "tcp:host=127.0.0.1,port=0" ;;
            esac
        done
    fi

    deadline=$((SECONDS + SERVER_READY_TIMEOUT))
    for name in "${SVC_ORDER[@]}"; do
        t=${name#*:}
        if await_ready "$name" "$deadline"; then
            say "   server $t ready: ${SVC_ADDR[$name]}"
        elif [[ "$name" == raw:* ]]; then
            skip "$t" "raw echo server did not start: ${SVC_DEAD[$name]}"
            say "[skip] $t: ${SVC_DEAD[$name]}"
        elif [[ "$t" == "$OVERLIMIT_TRANSPORT" ]]; then
            skip "$t" "over-limit check not run: ${SVC_DEAD[$name]}"
            say "[skip] over-limit check: ${SVC_DEAD[$name]}"
        else
            skip_transport "$t" "${SVC_DEAD[$name]}"
        fi
    done

    if ((REFERENCE)); then
        for t in "${REFERENCE_BUSES[@]}"; do
            if ! has_transport "$t" || [[ -n "${SVC_DEAD[bus:$t]:-}" ]]; then continue; fi
            if ! command -v dbus-test-tool >/dev/null 2>&1; then
                SVC_DEAD[echo:$t]="dbus-test-tool not installed (Debian package dbus-tests)"
            else
                start_libdbus_echo "$t" || true
            fi
            if [[ -n "${SVC_DEAD[echo:$t]:-}" ]]; then
                skip "$t libdbus" "libdbus reference pairs not run: ${SVC_DEAD[echo:$t]}"
                say "[skip] $t libdbus pairs: ${SVC_DEAD[echo:$t]}"
            fi
        done
        check_hooks
    fi
}

# warm_java_servers: before round 1, dbus-test-tool spam sends SERVER_WARMUP_CALLS
# pipelined calls of every reference size to the Java server on each reference
# bus. A libdbus>dbus-java cell warms its client, not the server: when one came
# early in round 1 it measured the server's JIT (session S of 2026-11-30:
# 57.0 us/call in round 1, 14.5 in round 2). The Java pairs' cells warm their
# server through their own client warm-up runs. Nothing here is recorded as a run.
warm_java_servers() {
    local t s calls payload errfile="$TMP_ROOT/server-warmup.err" start_ms
    ((REFERENCE)) || return 0
    for t in "${REFERENCE_BUSES[@]}"; do
        has_transport "$t" || continue
        [[ -z "${SVC_DEAD[bus:$t]:-}" && -z "${SVC_DEAD[srv:$t]:-}" && -z "${SVC_DEAD[echo:$t]:-}" ]] || continue
        start_ms=$(now_ms)
        for s in "${REFERENCE_SIZES[@]}"; do
            payload=$(payload_file "$s")
            calls=$((s > 0 ? SERVER_WARMUP_BYTES / s : SERVER_WARMUP_CALLS))
            calls=$((calls < 1 ? 1 : calls > SERVER_WARMUP_CALLS ? SERVER_WARMUP_CALLS : calls))
            spam_once "${SVC_ADDR[bus:$t]}" "$JAVA_ECHO_NAME" "$calls" "$WINDOW" "$payload" "$errfile"
            if ((SPAM_RC != 0)) || grep -q 'Failed to receive reply' "$errfile"; then
                say "   server $t warm-up at $s B failed (spam exit $SPAM_RC: $(one_line "$(last_line "$errfile")")); its cells will show it"
                continue 2
            fi
        done
        say "   server $t warmed up: up to $SERVER_WARMUP_CALLS pipelined spam calls per size (${REFERENCE_SIZES[*]} B) in $(($(now_ms) - start_ms)) ms"
    done
}

# prepare_cds: an AppCDS archive of the Java client's classes, dumped by one
# throw-away call. Every round starts fresh client JVMs, and class loading is
# most of their start-up (~1.3 s -> ~0.7 s here). It changes nothing a run
# measures: runs are timed inside the client after it has connected, and JIT
# compilation is not affected. LAB_CDS=0 turns it off.
CLIENT_CDS_OPTS=()
prepare_cds() {
    local t name addr="" archive="$TMP_ROOT/jars/dbus-lab-client.jsa"
    local -a peer=()
    [[ "${LAB_CDS:-1}" != 0 ]] || { say "   client class-data sharing: off (LAB_CDS=0)"; return 0; }
    for t in "${TRANSPORTS[@]}"; do
        name="srv:$t"
        [[ -n "${SVC_ADDR[$name]:-}" && -z "${SVC_DEAD[$name]:-}" ]] || continue
        if [[ "$t" == p2p-* ]]; then addr=${SVC_ADDR[$name]} peer=(--peer); else addr=${SVC_ADDR[bus:$t]}; fi
        break
    done
    [[ -n "$addr" ]] || return 0
    if "$JAVA" "${JAVA_OPTS[@]}" -XX:ArchiveClassesAtExit="$archive" -jar "$RUN_CLIENT_JAR" --address "$addr" \
        "${peer[@]}" --transport cds-dump --calls 1 --runs 1 --warmup-runs 0 </dev/null >"$LOGS/cds.log" 2>&1 &&
        [[ -s "$archive" ]]; then
        CLIENT_CDS_OPTS=(-XX:SharedArchiveFile="$archive")
        say "   client class-data sharing: archive dumped through $t (LAB_CDS=0 turns it off)"
    else
        say "   client class-data sharing: not used ($(one_line "$(last_line "$LOGS/cds.log")"))"
    fi
}

# pair_short PAIR: the pair as a file-name part.
pair_short() {
    case "$1" in
        "$PAIR_JAVA") printf java ;;
        "$PAIR_LIBDBUS") printf libdbus-libdbus ;;
        "$PAIR_JAVA_LIBDBUS") printf java-libdbus ;;
        "$PAIR_LIBDBUS_JAVA") printf libdbus-java ;;
        "$PAIR_RAW") printf raw ;;
        *) printf '%s' "${1//[^A-Za-z0-9]/-}" ;;
    esac
}

# ---------------------------------------------------------------------------
# The plan: one job per client process. Kinds:
#   java          Java client -> Java server (matrix, sweep, over-limit check)
#   java-libdbus  Java client --method spam -> libdbus echo
#   spam-libdbus  libdbus spam -> libdbus echo
#   spam-java     libdbus spam -> Java server
#   raw           raw client -> raw server (JDK sockets, no D-Bus)
# ---------------------------------------------------------------------------

J_KIND=() J_T=() J_MODE=() J_SIZE=() J_WIN=() J_CALLS=() J_RUNS=() J_WARM=()
J_PAIR=() J_SERIES=() J_ROUND=() J_SEED=() J_CELL=()
EXEC=()                   # job ids in execution order
declare -A EXEC_POS=()    # job id -> position within its round
JOB_COUNT=0
OVERLIMIT=0

window_for() { if [[ "$1" == sync ]]; then printf 1; else printf '%s' "$WINDOW"; fi; }
sweep_warmup() { printf '%s' $((SWEEP_WARMUP < WARMUP_ASYNC ? SWEEP_WARMUP : WARMUP_ASYNC)); }
warmup_for() { if [[ "$1" == sync ]]; then printf '%s' "$WARMUP"; else printf '%s' "$WARMUP_ASYNC"; fi; }

# runs_in_round R: measured runs each cell makes in round R.
runs_in_round() {
    if (($1 < ROUNDS)); then printf '%s' "$RUNS_PER_ROUND"; else printf '%s' $((RUNS - RUNS_PER_ROUND * (ROUNDS - 1))); fi
}

# add_job KIND T MODE SIZE WINDOW CALLS RUNS WARMUP PAIR SERIES ROUND
add_job() {
    local id=$JOB_COUNT
    J_KIND[id]=$1 J_T[id]=$2 J_MODE[id]=$3 J_SIZE[id]=$4 J_WIN[id]=$5 J_CALLS[id]=$6
    J_RUNS[id]=$7 J_WARM[id]=$8 J_PAIR[id]=$9 J_SERIES[id]=${10} J_ROUND[id]=${11}
    J_SEED[id]=$((PAYLOAD_SEED + 1000 * (${11} - 1)))
    # A cell: what makes runs comparable, and numbers them 1.. across rounds.
    J_CELL[id]="$2|$3|$4|$5|$6|$9|${10}"
    JOB_COUNT=$((JOB_COUNT + 1))
}

# Deterministic shuffle: a 31-bit LCG seeded with --order-seed, the same on
# every machine and bash version (unlike $RANDOM).
RNG_STATE=0
rng_below() { # rng_below N -> RNG in 0..N-1
    RNG_STATE=$(((RNG_STATE * 1103515245 + 12345) % 2147483648))
    RNG=$(((RNG_STATE >> 8) % $1))
}

# shuffle_list NAME: Fisher-Yates on the array NAME.
shuffle_list() {
    local -n arr=$1
    local i tmp
    for ((i = ${#arr[@]} - 1; i > 0; i--)); do
        rng_below $((i + 1))
        tmp=${arr[i]}
        arr[i]=${arr[RNG]}
        arr[RNG]=$tmp
    done
}

reference_buses() { # the libdbus pairs' buses among the session's transports
    local t
    for t in "${REFERENCE_BUSES[@]}"; do if has_transport "$t"; then printf '%s\n' "$t"; fi; done
}

plan_jobs() {
    local r t m s w p runs kind calls
    local -a ref_buses sweep_points=()
    mapfile -t ref_buses < <(reference_buses)
    RNG_STATE=$ORDER_SEED

    for ((r = 1; r <= ROUNDS; r++)); do
        runs=$(runs_in_round "$r")
        for t in "${TRANSPORTS[@]}"; do
            for m in "${MODES[@]}"; do
                for s in "${SIZES[@]}"; do
                    add_job java "$t" "$m" "$s" "$(window_for "$m")" "$CALLS" "$runs" "$(warmup_for "$m")" "$PAIR_JAVA" matrix "$r"
                done
            done
            if ((REFERENCE && r <= REF_ROUNDS)) && [[ " ${ref_buses[*]} " == *" $t "* ]]; then
                for p in "$PAIR_LIBDBUS" "$PAIR_JAVA_LIBDBUS" "$PAIR_LIBDBUS_JAVA"; do
                    for m in "${MODES[@]}"; do
                        for s in "${REFERENCE_SIZES[@]}"; do
                            case "$p" in
                                "$PAIR_LIBDBUS") add_job spam-libdbus "$t" "$m" "$s" "$(window_for "$m")" "$CALLS" "$runs" "$SPAM_WARMUP" "$p" reference "$r" ;;
                                "$PAIR_LIBDBUS_JAVA") add_job spam-java "$t" "$m" "$s" "$(window_for "$m")" "$CALLS" "$runs" "$SPAM_WARMUP" "$p" reference "$r" ;;
                                *) add_job java-libdbus "$t" "$m" "$s" "$(window_for "$m")" "$CALLS" "$runs" "$(warmup_for "$m")" "$p" reference "$r" ;;
                            esac
                        done
                    done
                done
            fi
        done
        if ((REFERENCE && r <= REF_ROUNDS)); then
            for t in "${RAW_TRANSPORTS[@]}"; do
                for m in "${MODES[@]}"; do
                    for s in "${REFERENCE_SIZES[@]}"; do
                        add_job raw "$t" "$m" "$s" "$(window_for "$m")" "$CALLS" "$runs" "$(warmup_for "$m")" "$PAIR_RAW" reference "$r"
                    done
                done
            done
        fi
    done

    if ((SWEEP)); then
        # Each sweep point is one client process, dealt out over the rounds in
        # shuffled order (sequential: all in the one round).
        for t in "${SWEEP_BUSES[@]}"; do
            has_transport "$t" || continue
            for s in "${SIZES[@]}"; do
                for w in "${SWEEP_WINDOWS[@]}"; do
                    sweep_points+=("$t $s $w")
                done
            done
        done
        if [[ "$ORDER" == interleaved ]]; then shuffle_list sweep_points; fi
        local i=0 point
        for point in "${sweep_points[@]}"; do
            read -r t s w <<<"$point"
            calls=$((2 * w > SWEEP_CALLS ? 2 * w : SWEEP_CALLS))
            add_job java "$t" async "$s" "$w" "$calls" "$SWEEP_RUNS" "$(sweep_warmup)" "$PAIR_JAVA" sweep $((i % ROUNDS + 1))
            i=$((i + 1))
        done
        if has_transport dbus-daemon; then
            # The over-limit check: one run, in the first round.
            OVERLIMIT=1
            calls=$((2 * OVERLIMIT_WINDOW > SWEEP_CALLS ? 2 * OVERLIMIT_WINDOW : SWEEP_CALLS))
            add_job java "$OVERLIMIT_TRANSPORT" async "${SIZES[0]}" "$OVERLIMIT_WINDOW" "$calls" 1 0 "$PAIR_JAVA" overlimit 1
        fi
    fi

    # Execution order: round by round; within a round shuffled (interleaved) or
    # in plan order (sequential: transport by transport, as jobs were added).
    local id
    local -a round_jobs
    for ((r = 1; r <= ROUNDS; r++)); do
        round_jobs=()
        for ((id = 0; id < JOB_COUNT; id++)); do
            if ((J_ROUND[id] == r)); then round_jobs+=("$id"); fi
        done
        if [[ "$ORDER" == interleaved ]]; then shuffle_in_blocks round_jobs; fi
        if [[ "$ORDER" == sequential ]]; then
            # plan order is per round already; put each transport's jobs together
            mapfile -t round_jobs < <(for id in "${round_jobs[@]}"; do
                printf '%s %s\n' "$(transport_rank "${J_T[id]}")" "$id"; done | sort -s -n -k1,1 | cut -d' ' -f2)
        fi
        local pos=0
        for id in "${round_jobs[@]}"; do
            pos=$((pos + 1))
            EXEC_POS[$id]=$pos
            EXEC+=("$id")
        done
    done
}

# calibration_block ID: the key that ties a Java cell to the libdbus pairs
# measured against it (bus|mode|payload), or the job's own id when it has none.
calibration_block() {
    local id=$1
    case "${J_KIND[id]}/${J_SERIES[id]}" in
        spam-*/* | java-libdbus/* | java/matrix) printf '%s|%s|%s' "${J_T[id]}" "${J_MODE[id]}" "${J_SIZE[id]}" ;;
        *) printf '#%s' "$id" ;;
    esac
}

# shuffle_in_blocks NAME: shuffles the jobs of one round so that a Java cell and
# its libdbus pairs run back to back (in shuffled order within their block) and
# the blocks are shuffled among themselves: the ratios the lab's health figures
# take then compare runs minutes apart, not a whole round apart, and a drift of
# the machine during the round weighs on both sides of a ratio alike.
shuffle_in_blocks() {
    local -n jobs=$1
    local id key
    local -A members=()
    local -a keys=() block out=()
    for id in "${jobs[@]}"; do
        key=$(calibration_block "$id")
        if [[ -z "${members[$key]+set}" ]]; then keys+=("$key"); members[$key]=""; fi
        members[$key]+="$id "
    done
    shuffle_list keys
    for key in "${keys[@]}"; do
        read -r -a block <<<"${members[$key]}"
        shuffle_list block
        out+=("${block[@]}")
    done
    jobs=("${out[@]}")
}

# transport_rank T: the order of transports in sequential mode.
transport_rank() {
    local i=0 t
    for t in "${TRANSPORTS[@]}" "$OVERLIMIT_TRANSPORT" "${RAW_TRANSPORTS[@]}"; do
        if [[ "$t" == "$1" ]]; then printf '%s' "$i"; return 0; fi
        i=$((i + 1))
    done
    printf '%s' "$i"
}

# write_plan: plan.tsv (7 columns, as the analysis reads it: every Java and raw
# cell with its measured runs over all rounds; the libdbus pairs are only in
# order.tsv, since plan.tsv has no pair column) and order.tsv (every job).
write_plan() {
    local id cell
    local -A total_runs=() printed=()
    for ((id = 0; id < JOB_COUNT; id++)); do
        case "${J_KIND[id]}" in spam-* | java-libdbus) continue ;; esac
        cell=${J_CELL[id]}
        total_runs[$cell]=$((${total_runs[$cell]:-0} + J_RUNS[id]))
    done
    : >"$OUT/plan.tsv"
    for ((id = 0; id < JOB_COUNT; id++)); do
        case "${J_KIND[id]}" in spam-* | java-libdbus) continue ;; esac
        cell=${J_CELL[id]}
        [[ -z "${printed[$cell]:-}" ]] || continue
        printed[$cell]=1
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${J_T[id]}" "${J_MODE[id]}" "${J_SIZE[id]}" "${J_WIN[id]}" \
            "${J_CALLS[id]}" "${total_runs[$cell]}" "${J_WARM[id]}" >>"$OUT/plan.tsv"
    done

    printf 'round\tposition\tkind\tseries\tpair\ttransport\tmode\tpayload_bytes\twindow\tcalls\truns\twarmup_runs\tpayload_seed\torder\torder_seed\n' \
        >"$OUT/order.tsv"
    for id in "${EXEC[@]}"; do
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${J_ROUND[id]}" "${EXEC_POS[$id]}" \
            "${J_KIND[id]}" "${J_SERIES[id]}" "${J_PAIR[id]}" "${J_T[id]}" "${J_MODE[id]}" "${J_SIZE[id]}" \
            "${J_WIN[id]}" "${J_CALLS[id]}" "${J_RUNS[id]}" "${J_WARM[id]}" "${J_SEED[id]}" "$ORDER" "$ORDER_SEED" \
            >>"$OUT/order.tsv"
    done
    : >>"$OUT/skipped.tsv"
}

# ---------------------------------------------------------------------------
# Rows. Every client process writes its own CSV fragment (OUT/.frag-JOB.csv,
# in OUT so the latency_log paths it writes are relative to OUT); right after it
# ends the fragment is appended to runs.csv with the run column renumbered per
# cell across rounds and our columns added. spam rows are written directly.
# ---------------------------------------------------------------------------

declare -A RUN_OFF_W=() RUN_OFF_M=()   # cell -> warm-up / measured runs recorded so far
UNKNOWN_COLUMNS_NOTED=0
MERGED_LOST=0 MERGED_MISMATCHED=0 MERGED_ERRORS=0 MERGED_ROWS=0

ensure_header() {
    [[ -s "$OUT/runs.csv" ]] || printf '%s\n' "$CSV_HEADER" >"$OUT/runs.csv"
}

# extra_fields ID [FIXED_NS]: our trailing columns for a row of job ID.
extra_fields() {
    local id=$1 fixed=${2:-} reference=false expected=""
    if [[ "${J_PAIR[id]}" != "$PAIR_JAVA" ]]; then reference=true; fi
    if [[ "${J_SERIES[id]}" == overlimit ]]; then expected=$OVERLIMIT_EXPECTED; fi
    printf '%s,%s,%s,%s,%s,%s' "${J_ROUND[id]}" "${J_PAIR[id]}" "$reference" "${J_SERIES[id]}" "$fixed" "$expected"
}

# merge_fragment ID: append job ID's fragment to runs.csv (see above); sets
# MERGED_* to the measured rows' totals.
merge_fragment() {
    local id=$1 frag="$OUT/.frag-$1.csv" cell=${J_CELL[$1]} result
    MERGED_LOST=0 MERGED_MISMATCHED=0 MERGED_ERRORS=0 MERGED_ROWS=0
    if [[ ! -s "$frag" ]]; then
        rm -f "$frag"
        return 0
    fi
    ensure_header
    result=$(awk -F, -v base="$BASE_COLUMNS" -v extra="$(extra_fields "$id")" -v offw="${RUN_OFF_W[$cell]:-0}" \
        -v offm="${RUN_OFF_M[$cell]:-0}" -v out="$OUT/runs.csv" '
        NR == 1 {
            n = split($0, h, ",")
            for (i = 1; i <= n; i++) idx[h[i]] = i
            nb = split(base, b, ",")
            for (i = 1; i <= nb; i++) known[b[i]] = 1
            for (i = 1; i <= n; i++) if (!(h[i] in known)) unknown = unknown " " h[i]
            maxw = offw; maxm = offm
            next
        }
        NF != n { bad++; next }
        {
            ph = ("phase" in idx) ? $(idx["phase"]) : "measure"
            r = $(idx["run"]) + 0
            if (ph == "warmup") { r += offw; if (r > maxw) maxw = r }
            else {
                r += offm; if (r > maxm) maxm = r
                rows++; lost += $(idx["lost"]); mism += $(idx["mismatched"]); err += $(idx["errors"])
            }
            line = ""
            for (i = 1; i <= nb; i++) {
                v = (b[i] in idx) ? $(idx[b[i]]) : ""
                if (b[i] == "run") v = r
                line = line (i > 1 ? "," : "") v
            }
            print line "," extra >> out
        }
        END { printf "%d %d %d %d %d %d %d%s\n", maxw, maxm, bad, rows, lost, mism, err, unknown }' "$frag")
    rm -f "$frag"
    local maxw maxm bad unknown
    read -r maxw maxm bad MERGED_ROWS MERGED_LOST MERGED_MISMATCHED MERGED_ERRORS unknown <<<"$result"
    RUN_OFF_W[$cell]=$maxw
    RUN_OFF_M[$cell]=$maxm
    if ((bad > 0)); then
        say "  note: $bad incomplete row(s) of ${J_T[id]} left out of runs.csv (client interrupted mid-write)"
    fi
    if [[ -n "$unknown" ]] && ((!UNKNOWN_COLUMNS_NOTED)); then
        UNKNOWN_COLUMNS_NOTED=1
        say "  note: client column(s)$( [[ "$unknown" == " "* ]] || printf ' ')$unknown not carried into runs.csv (add them to BASE_COLUMNS in lab/run-all.sh)"
    fi
}

# ---------------------------------------------------------------------------
# Jobs
# ---------------------------------------------------------------------------

EXEC_IDX=0
JOBS_OK=0 JOBS_RAN=0 JOBS_HOOK=0 JOBS_UNSTARTED=0
JOBS_LOST=()       # rows recorded, calls lost/mismatched/failed
JOBS_ERROR=()      # client could not run (usage/connect, crash, timeout, dead service)
CHECKS_OK=() CHECKS_FAILED=()
declare -A CELL_MS=() CELL_UNITS=() KIND_MS=() KIND_W=()
TOTAL_MS=0 TOTAL_W=0
SPAM_TIMEOUT=$SPAM_RUN_TIMEOUT_MAX
declare -A STARTUP_DEAD=()

describe_job() {
    local id=$1 what=${J_SERIES[$1]}
    if [[ "${J_PAIR[id]}" != "$PAIR_JAVA" ]]; then what="reference ${J_PAIR[id]}"; fi
    printf '%s %s %s B w%s calls %s [%s]' "${J_T[id]}" "${J_MODE[id]}" "${J_SIZE[id]}" "${J_WIN[id]}" "${J_CALLS[id]}" "$what"
}

job_logbase() {
    local id=$1
    printf '%s/%s/%s.%s.%s.%s.w%s.r%s' "$LOGS" "${J_T[id]}" "${J_SERIES[id]}" "$(pair_short "${J_PAIR[id]}")" \
        "${J_MODE[id]}" "${J_SIZE[id]}" "${J_WIN[id]}" "${J_ROUND[id]}"
}

# hlog_rel ID: the job's latency log, relative to OUT: one file per cell and round.
hlog_rel() {
    local id=$1 variant=""
    case "${J_SERIES[id]}:${J_KIND[id]}" in
        sweep:*) variant=.sweep ;;
        *:java-libdbus) variant=.java-libdbus ;;
    esac
    printf 'latency/%s.%s.%s.w%s%s.r%s.hlog' "${J_T[id]}" "${J_MODE[id]}" "${J_SIZE[id]}" "${J_WIN[id]}" "$variant" "${J_ROUND[id]}"
}

# usable NAME: the service (bus:T, srv:T, echo:T, raw:T) can serve a job;
# otherwise BLOCKER says why. A bus or server that died is noticed here.
usable() {
    local name=$1 pid dir
    if [[ -n "${SVC_DEAD[$name]:-}" ]]; then
        BLOCKER=${SVC_DEAD[$name]}
        [[ -n "${STARTUP_DEAD[$name]:-}" ]] || BLOCK_KIND=died
        return 1
    fi
    case "$name" in
        bus:*)
            dir=${BUS_DIR_OF[${name#bus:}]:-}
            if [[ -z "$dir" ]] || ! bus_alive "$dir"; then
                SVC_DEAD[$name]="bus died mid-session: $BUS_DEATH"
                say "  [!] ${name#bus:}: ${SVC_DEAD[$name]}"
                BLOCKER=${SVC_DEAD[$name]} BLOCK_KIND=died
                return 1
            fi
            ;;
        *)
            pid=${SVC_PID[$name]:-}
            if [[ -z "$pid" ]] || ! alive "$pid"; then
                SVC_DEAD[$name]="${name%%:*} server ($name) exited mid-session: $(last_line "${SVC_LOG[$name]:-/nonexistent}.err")"
                say "  [!] ${SVC_DEAD[$name]}"
                BLOCKER=${SVC_DEAD[$name]} BLOCK_KIND=died
                return 1
            fi
            ;;
    esac
    return 0
}

# blocked ID: true (with BLOCKER, BLOCK_KIND = startup | died | hook) when job
# ID cannot run.
blocked() {
    local id=$1 t=${J_T[$1]} name
    BLOCKER="" BLOCK_KIND=startup
    local -a needs=()
    case "${J_KIND[id]}" in
        java)
            if is_bus "$t" || [[ "$t" == "$OVERLIMIT_TRANSPORT" ]]; then needs+=("bus:$t"); fi
            needs+=("srv:$t")
            ;;
        java-libdbus | spam-libdbus) needs=("bus:$t" "echo:$t") ;;
        spam-java) needs=("bus:$t" "srv:$t") ;;
        raw) needs=("raw:$t") ;;
    esac
    case "${J_KIND[id]}" in
        java-libdbus | spam-java)
            if [[ -n "${HOOK_MISSING[${J_PAIR[id]}@$t]:-}" ]]; then
                BLOCKER=${HOOK_MISSING[${J_PAIR[id]}@$t]} BLOCK_KIND=hook
                return 0
            fi
            ;;
    esac
    for name in "${needs[@]}"; do
        usable "$name" || return 0
    done
    return 1
}

eta_text() {
    local i id cell units w est total=0 kind
    for ((i = EXEC_IDX; i < ${#EXEC[@]}; i++)); do
        id=${EXEC[i]}
        cell=${J_CELL[id]}
        units=$((J_RUNS[id] + J_WARM[id]))
        if [[ -n "${CELL_MS[$cell]:-}" ]]; then
            est=$((CELL_MS[$cell] * units / CELL_UNITS[$cell]))
        else
            w=$((J_CALLS[id] * units))
            kind=${J_KIND[id]}
            if ((${KIND_W[$kind]:-0} > 0)); then
                est=$((KIND_MS[$kind] * w / KIND_W[$kind]))
            elif ((TOTAL_W > 0)); then
                est=$((TOTAL_MS * w / TOTAL_W))
            else
                printf 'ETA --'
                return 0
            fi
        fi
        total=$((total + est))
    done
    printf 'ETA %s' "$(fmt_duration $((total / 1000)))"
}

# account ID MS: a finished job's time, for the ETA of the ones to come.
account() {
    local id=$1 ms=$2 kind=${J_KIND[$1]} w
    w=$((J_CALLS[id] * (J_RUNS[id] + J_WARM[id])))
    CELL_MS[${J_CELL[id]}]=$ms
    CELL_UNITS[${J_CELL[id]}]=$((J_RUNS[id] + J_WARM[id]))
    KIND_MS[$kind]=$((${KIND_MS[$kind]:-0} + ms))
    KIND_W[$kind]=$((${KIND_W[$kind]:-0} + w))
    TOTAL_MS=$((TOTAL_MS + ms))
    TOTAL_W=$((TOTAL_W + w))
}

# run_client ID LOGBASE CMD...: one client process under 'timeout' (a hung
# client cannot hang the session; it also gets its own process group, so
# cleanup decides when it stops); its rows are merged right after. Sets JOB_RC.
run_client() {
    local id=$1 logbase=$2
    shift 2
    printf '%s\n' "$*" >"$logbase.cmd"
    rm -f "$OUT/.frag-$id.csv"
    CUR_JOB=$id
    timeout --kill-after=10 "$CELL_TIMEOUT" "$@" </dev/null >"$logbase.out" 2>"$logbase.err" &
    CLIENT_PID=$!
    JOB_RC=0
    wait "$CLIENT_PID" || JOB_RC=$?
    CLIENT_PID=""
    merge_fragment "$id"
    CUR_JOB=""
}

# warmup_watch_for ID: the JIT watch's budget for job ID; the over-limit check
# makes no warm-up (its calls are meant to fail).
warmup_watch_for() { if [[ "${J_SERIES[$1]}" == overlimit ]]; then printf 0; else printf '%s' "$WARMUP_MAX_S"; fi; }

# client_args ID: the measuring options every client (Java and raw) shares.
client_args() {
    local id=$1
    ARGS=(--transport "${J_T[id]}" --mode "${J_MODE[id]}" --window "${J_WIN[id]}" --payload "${J_SIZE[id]}"
        --calls "${J_CALLS[id]}" --runs "${J_RUNS[id]}" --warmup-runs "${J_WARM[id]}" --warmup-max-seconds "$(warmup_watch_for "$id")" --seed "${J_SEED[id]}"
        --csv "$OUT/.frag-$id.csv" --latency-log "$OUT/$(hlog_rel "$id")")
}

# judge_client ID LOGBASE DESC: the verdict on a finished Java or raw client.
judge_client() {
    local id=$1 logbase=$2 desc=$3 last elapsed_s=$4 warm
    # The client says how its warm-up ended after its last run: show that run, and the warm-up in brief.
    last=$(grep -a -E ' run [0-9]+/[0-9]+: ' "$logbase.err" 2>/dev/null | tail -n 1 || true)
    [[ -n "$last" ]] || last=$(last_line "$logbase.err")
    last=$(one_line "$last")
    [[ -n "$last" ]] || last="no output"
    warm=$(grep -a -o 'warm-up ended after .*' "$logbase.err" 2>/dev/null | tail -n 1 || true)
    case "$JOB_RC" in
        0)
            JOBS_OK=$((JOBS_OK + 1))
            JOBS_RAN=$((JOBS_RAN + 1))
            say "  -> ok in $(fmt_duration "$elapsed_s"): $last${warm:+ ($warm)}"
            ;;
        1)
            JOBS_LOST+=("$desc round ${J_ROUND[id]}")
            JOBS_RAN=$((JOBS_RAN + 1))
            say "  -> FAILED: calls lost, mismatched or failed (rows are in runs.csv): $last"
            ;;
        2)
            JOBS_ERROR+=("$desc round ${J_ROUND[id]}")
            skip "${J_T[id]}" "$desc round ${J_ROUND[id]}: $last"
            say "  -> not run (client usage/connect error): $last"
            ;;
        124)
            JOBS_ERROR+=("$desc round ${J_ROUND[id]}")
            skip "${J_T[id]}" "$desc round ${J_ROUND[id]}: client timed out after ${CELL_TIMEOUT}s: $last"
            say "  -> TIMED OUT after ${CELL_TIMEOUT}s: $last"
            ;;
        *)
            JOBS_ERROR+=("$desc round ${J_ROUND[id]}")
            skip "${J_T[id]}" "$desc round ${J_ROUND[id]}: client crashed (exit $JOB_RC): $last"
            say "  -> CRASHED (exit $JOB_RC): $last"
            ;;
    esac
}

# judge_overlimit ID LOGBASE: the over-limit check must end in the bus's
# LimitsExceeded errors: counted as errors, nothing lost, no hang.
judge_overlimit() {
    local id=$1 logbase=$2 text verdict
    text="dbus-daemon with max_replies_per_connection=$OVERLIMIT_MAX_REPLIES, Java client async window ${J_WIN[id]}, ${J_CALLS[id]} calls of ${J_SIZE[id]} B:"
    text+=" exit $JOB_RC, $MERGED_ROWS run(s), errors $MERGED_ERRORS, lost $MERGED_LOST, mismatched $MERGED_MISMATCHED"
    if ((JOB_RC == 1 && MERGED_ERRORS > 0 && MERGED_LOST == 0 && MERGED_MISMATCHED == 0)) &&
        grep -q "$OVERLIMIT_EXPECTED" "$logbase.err"; then
        verdict=as-expected
        text="$OVERLIMIT_EXPECTED as expected: $text ($(grep -o -m 1 "[A-Za-z.]*$OVERLIMIT_EXPECTED" "$logbase.err"))"
        CHECKS_OK+=("over-limit check: $OVERLIMIT_EXPECTED as expected")
        JOBS_RAN=$((JOBS_RAN + 1))
        say "  -> over-limit check: $OVERLIMIT_EXPECTED as expected ($MERGED_ERRORS errors, 0 lost)"
    else
        verdict=unexpected
        if ((JOB_RC == 124)); then text+=" (the client hung and was killed after ${CELL_TIMEOUT}s)"; fi
        text="NOT as expected (wanted $OVERLIMIT_EXPECTED errors, nothing lost): $text; last: $(one_line "$(last_line "$logbase.err")")"
        CHECKS_FAILED+=("over-limit check: $text")
        say "  -> over-limit check FAILED: $text"
    fi
    printf 'over-limit\t%s\t%s\n' "$verdict" "$(one_line "$text")" >>"$OUT/notes.tsv"
}

run_java_job() {
    local id=$1 t=${J_T[$1]} logbase addr start_ms
    logbase=$(job_logbase "$id")
    mkdir -p "${logbase%/*}"
    client_args "$id"
    local -a extra=()
    case "${J_KIND[id]}" in
        java-libdbus)
            addr=${SVC_ADDR[bus:$t]}
            extra=(--method spam --dest "$LIBDBUS_ECHO_NAME")
            ;;
        *)
            if [[ "$t" == p2p-* ]]; then
                addr=${SVC_ADDR[srv:$t]}
                extra=(--peer)
            else
                addr=${SVC_ADDR[bus:$t]}
            fi
            ;;
    esac
    start_ms=$(now_ms)
    run_client "$id" "$logbase" "$JAVA" "${JAVA_OPTS[@]}" "${CLIENT_CDS_OPTS[@]}" -jar "$RUN_CLIENT_JAR" --address "$addr" \
        "${extra[@]}" "${ARGS[@]}"
    JOB_MS=$(($(now_ms) - start_ms))
    if [[ "${J_SERIES[id]}" == overlimit ]]; then
        judge_overlimit "$id" "$logbase"
    else
        judge_client "$id" "$logbase" "$(describe_job "$id")" $((JOB_MS / 1000))
    fi
}

run_raw_job() {
    local id=$1 logbase start_ms
    logbase=$(job_logbase "$id")
    mkdir -p "${logbase%/*}"
    client_args "$id"
    start_ms=$(now_ms)
    run_client "$id" "$logbase" "$JAVA" "${JAVA_OPTS[@]}" -cp "$RUN_CLIENT_JAR" "$RAW_CLIENT_CLASS" \
        --address "${SVC_ADDR[raw:${J_T[id]}]}" "${ARGS[@]}"
    JOB_MS=$(($(now_ms) - start_ms))
    judge_client "$id" "$logbase" "$(describe_job "$id")" $((JOB_MS / 1000))
}

# payload_file SIZE: SIZE random bytes for spam --stdin (spam sends the same
# bytes in every call and does not verify the reply).
payload_file() {
    local file="$TMP_ROOT/payload-$1"
    [[ -f "$file" ]] || head -c "$1" /dev/urandom >"$file"
    printf '%s' "$file"
}

# epoch_us: wall clock in microseconds (EPOCHREALTIME, bash >= 5).
epoch_us() {
    local t=${EPOCHREALTIME/[.,]/}
    printf '%s' "$((10#$t))"
}

# spam_once ADDRESS DEST COUNT QUEUE PAYLOAD ERRFILE: one dbus-test-tool spam
# process, timed from before its fork to after its exit has been reaped, so the
# time includes process start, connect (SASL, Hello), the calls and exit. The
# fixed-cost samples are taken the same way. Sets SPAM_NS, SPAM_RC.
spam_once() {
    local addr=$1 dest=$2 count=$3 queue=$4 payload=$5 errfile=$6 t0 t1
    t0=${EPOCHREALTIME/[.,]/}
    DBUS_SESSION_BUS_ADDRESS=$addr timeout --kill-after=5 "$SPAM_TIMEOUT" dbus-test-tool spam --dest="$dest" \
        --count="$count" --queue="$queue" --bytes --stdin <"$payload" >/dev/null 2>"$errfile" &
    CLIENT_PID=$!
    SPAM_RC=0
    wait "$CLIENT_PID" || SPAM_RC=$?
    t1=${EPOCHREALTIME/[.,]/}
    CLIENT_PID=""
    SPAM_NS=$(((10#$t1 - 10#$t0) * 1000))
}

# run_spam_job ID: fixed-cost samples, then warm-up and measured spam processes,
# one row each (written at once). spam exits 0 even when replies are errors; it
# prints 'Failed to receive reply #N: ...' for each, which is what is counted.
run_spam_job() {
    local id=$1 t=${J_T[$1]} logbase addr dest payload errfile start_ms i
    logbase=$(job_logbase "$id")
    mkdir -p "${logbase%/*}"
    addr=${SVC_ADDR[bus:$t]}
    if [[ "${J_KIND[id]}" == spam-libdbus ]]; then dest=$LIBDBUS_ECHO_NAME; else dest=$JAVA_ECHO_NAME; fi
    payload=$(payload_file "${J_SIZE[id]}")
    errfile="$TMP_ROOT/spam.err"
    printf 'DBUS_SESSION_BUS_ADDRESS=%s dbus-test-tool spam --dest=%s --count=%s --queue=%s --bytes --stdin <%s-byte payload (fixed cost: --count=1 --queue=1, %s samples)\n' \
        "$addr" "$dest" "${J_CALLS[id]}" "${J_WIN[id]}" "${J_SIZE[id]}" "$SPAM_FIXED_SAMPLES" >"$logbase.cmd"
    : >"$logbase.err"
    start_ms=$(now_ms)
    local failed="" errors_total=0 fixed_ns="" cell=${J_CELL[id]}
    local -a samples=()

    for ((i = 1; i <= SPAM_FIXED_SAMPLES; i++)); do
        spam_once "$addr" "$dest" 1 1 "$payload" "$errfile"
        { printf '== fixed-cost sample %s: exit %s, %s ns\n' "$i" "$SPAM_RC" "$SPAM_NS"; cat "$errfile"; } >>"$logbase.err"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${J_ROUND[id]}" "$t" "${J_PAIR[id]}" "${J_MODE[id]}" "${J_SIZE[id]}" \
            "$i" "$SPAM_NS" "$SPAM_RC" >>"$OUT/fixed-cost.tsv"
        if ((SPAM_RC != 0)) || grep -q 'Failed to receive reply' "$errfile"; then
            failed="fixed-cost sample: spam exit $SPAM_RC: $(one_line "$(last_line "$errfile")")"
            break
        fi
        samples+=("$SPAM_NS")
    done
    if [[ -z "$failed" ]]; then
        fixed_ns=$(printf '%s\n' "${samples[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
        local phase number started errors total=$((J_WARM[id] + J_RUNS[id]))
        for ((i = 0; i < total; i++)); do
            if ((i < J_WARM[id])); then
                phase=warmup number=$((${RUN_OFF_W[$cell]:-0} + 1))
                RUN_OFF_W[$cell]=$number
            else
                phase=measure number=$((${RUN_OFF_M[$cell]:-0} + 1))
                RUN_OFF_M[$cell]=$number
            fi
            started=$(date -u +%Y-%m-%dT%H:%M:%S.%6NZ)
            spam_once "$addr" "$dest" "${J_CALLS[id]}" "${J_WIN[id]}" "$payload" "$errfile"
            { printf '== %s %s: exit %s, %s ns\n' "$phase" "$number" "$SPAM_RC" "$SPAM_NS"; cat "$errfile"; } >>"$logbase.err"
            if ((SPAM_RC == 0)); then
                errors=$(grep -c 'Failed to receive reply' "$errfile" || true)
            else
                errors=${J_CALLS[id]}
            fi
            ensure_header
            printf '%s,%s,%s,%s,%s,%s,%s,0,0,%s,%s,spam,%s,,,,%s\n' "$t" "${J_MODE[id]}" "${J_SIZE[id]}" "${J_WIN[id]}" \
                "${J_CALLS[id]}" "$number" "$SPAM_NS" "$errors" "$phase" "$started" "$(extra_fields "$id" "$fixed_ns")" \
                >>"$OUT/runs.csv"
            if [[ "$phase" == measure ]]; then errors_total=$((errors_total + errors)); fi
            if ((SPAM_RC != 0)); then
                failed="spam exit $SPAM_RC$( ((SPAM_RC != 124)) || printf ' (timed out after %ss)' "$SPAM_TIMEOUT"): $(one_line "$(last_line "$errfile")")"
                break
            fi
        done
    fi
    JOB_MS=$(($(now_ms) - start_ms))
    local desc
    desc=$(describe_job "$id")
    if [[ -n "$failed" ]]; then
        JOBS_ERROR+=("$desc round ${J_ROUND[id]}")
        skip "$t $(pair_short "${J_PAIR[id]}")" "$desc round ${J_ROUND[id]}: $failed"
        say "  -> FAILED: $failed"
    elif ((errors_total > 0)); then
        JOBS_LOST+=("$desc round ${J_ROUND[id]}")
        JOBS_RAN=$((JOBS_RAN + 1))
        say "  -> FAILED: $errors_total calls got error replies: $(one_line "$(grep -m 1 'Failed to receive reply' "$logbase.err" || true)")"
    else
        JOBS_OK=$((JOBS_OK + 1))
        JOBS_RAN=$((JOBS_RAN + 1))
        say "  -> ok in $(fmt_duration $((JOB_MS / 1000))): last run ${J_CALLS[id]} calls in $(awk -v n="$SPAM_NS" 'BEGIN { printf "%.6f", n / 1e9 }') s, fixed cost $(awk -v n="$fixed_ns" 'BEGIN { printf "%.1f", n / 1e6 }') ms"
    fi
}

run_job() {
    local id=$1 desc
    desc=$(describe_job "$id")
    if blocked "$id"; then
        case "$BLOCK_KIND" in
            hook) JOBS_HOOK=$((JOBS_HOOK + 1)) ;;
            startup) JOBS_UNSTARTED=$((JOBS_UNSTARTED + 1)) ;;
            died)
                JOBS_ERROR+=("$desc round ${J_ROUND[id]}")
                skip "${J_T[id]}" "$desc round ${J_ROUND[id]}: not run: $BLOCKER"
                say "[$((EXEC_IDX + 1))/${#EXEC[@]} r${J_ROUND[id]}/$ROUNDS] $desc: not run: $BLOCKER"
                ;;
        esac
        return 0
    fi
    say "[$((EXEC_IDX + 1))/${#EXEC[@]} r${J_ROUND[id]}/$ROUNDS] $desc … $(eta_text)"
    JOB_MS=0
    case "${J_KIND[id]}" in
        java | java-libdbus) run_java_job "$id" ;;
        spam-*) run_spam_job "$id" ;;
        raw) run_raw_job "$id" ;;
    esac
    account "$id" "$JOB_MS"
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
    local mkdir_err
    mkdir_err=$(mkdir -p "$OUT/logs" 2>&1) || die 2 "cannot create $OUT/logs: ${mkdir_err##*: }"
    OUT=$(cd "$OUT" && pwd -P)
    LOGS="$OUT/logs"
    SESSION_LOG="$LOGS/session.log"

    install_cleanup_traps "stopping clients, servers and buses. Completed runs are in $OUT/runs.csv"

    TMP_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/dbus-lab.XXXXXX")
    local session_start_ms
    session_start_ms=$(now_ms)
    say "$PROG: results in $OUT"
    say "preset $PRESET: calls $CALLS, runs $RUNS ($ROUNDS round(s) of $RUNS_PER_ROUND), warm-up $WARMUP sync / $WARMUP_ASYNC async runs per client process then JIT watch <= ${WARMUP_MAX_S} s, async window $WINDOW, sizes ${SIZES[*]}"
    say "transports ${TRANSPORTS[*]}; modes ${MODES[*]}; order $ORDER (seed $ORDER_SEED); JVM flags '$LAB_JVM_FLAGS'"
    if ((REFERENCE)); then
        say "reference rows: libdbus pairs and raw floor in $REF_ROUNDS of $ROUNDS round(s)"
    else
        say "reference rows: off (--no-reference)"
    fi
    if ((SWEEP)); then
        say "sweep: windows ${SWEEP_WINDOWS[*]}, $SWEEP_RUNS run(s) of max($SWEEP_CALLS, 2 x window) calls per point"
    else
        say "sweep: off"
    fi

    build_if_needed
    snapshot_jars
    plan_jobs
    write_plan
    capture_environment
    mkdir -p "$OUT/latency"
    if ((REFERENCE)); then
        printf 'round\ttransport\tpair\tmode\tpayload_bytes\tsample\telapsed_ns\texit\n' >"$OUT/fixed-cost.tsv"
    fi
    SPAM_TIMEOUT=$((CELL_TIMEOUT < SPAM_RUN_TIMEOUT_MAX ? CELL_TIMEOUT : SPAM_RUN_TIMEOUT_MAX))

    start_services
    warm_java_servers
    prepare_cds
    local name
    for name in "${!SVC_DEAD[@]}"; do STARTUP_DEAD[$name]=1; done
    if ((OVERLIMIT)) && has_transport dbus-broker; then
        printf 'over-limit\tinfo\t%s\n' "dbus-broker has no pending-reply limit (it ignores max_replies_per_connection), so the over-limit check runs on dbus-daemon only" >>"$OUT/notes.tsv"
    fi
    say "== ${#EXEC[@]} client processes in $ROUNDS round(s) (order.tsv); startup took $(fmt_duration $((($(now_ms) - session_start_ms) / 1000)))"

    for ((EXEC_IDX = 0; EXEC_IDX < ${#EXEC[@]}; EXEC_IDX++)); do
        run_job "${EXEC[EXEC_IDX]}"
    done

    stop_services

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
    say "client processes: ${#EXEC[@]} planned, $JOBS_RAN ran ($JOBS_OK clean, ${#JOBS_LOST[@]} with lost/mismatched/failed calls), ${#JOBS_ERROR[@]} could not run, $JOBS_UNSTARTED skipped with their transport, $JOBS_HOOK skipped for a missing hook"
    local x
    for x in "${SKIPPED_TRANSPORTS[@]}"; do say "skipped transport: $x"; done
    for x in "${!HOOK_MISSING[@]}"; do
        if has_transport "${x#*@}"; then say "skipped pair ${x%@*} on ${x#*@}: ${HOOK_MISSING[$x]}"; fi
    done
    for x in "${CHECKS_OK[@]}"; do say "$x"; done
    for x in "${CHECKS_FAILED[@]}"; do say "$x"; done
    for x in "${JOBS_LOST[@]}"; do say "lost/mismatched/failed calls: $x"; done
    for x in "${JOBS_ERROR[@]}"; do say "not run: $x (see skipped.tsv)"; done
    say "session took $(fmt_duration $((($(now_ms) - session_start_ms) / 1000)))"
    if ((REPORT_OK)); then
        say "report: $OUT/report.md"
        # The only line on stdout, for scripts: report=$(lab/run-all.sh ...)
        printf '%s\n' "$OUT/report.md"
    fi

    local rc=0
    if ((JOBS_RAN == 0)); then
        say "$PROG: no cell ran"
        rc=1
    fi
    if ((${#JOBS_LOST[@]} > 0 || ${#JOBS_ERROR[@]} > 0 || ${#CHECKS_FAILED[@]} > 0 || SCENARIOS_FAILED)); then rc=1; fi
    if [[ -s "$OUT/runs.csv" ]] && ((!REPORT_OK)); then rc=1; fi
    return "$rc"
}

main "$@"
