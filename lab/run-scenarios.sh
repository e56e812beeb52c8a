#!/usr/bin/env bash
# Client-library scenarios from the Agama blog (REFERENCE.md §2) against the installer mock:
# cold-start, property-reads, property-freshness, on each bus. Raw results go to
# OUT/scenarios/ (docs/SCENARIOS.md); the analysis jar renders OUT/scenarios.md at the end.
# Run lab/run-scenarios.sh --help for flags, presets, outputs and exit codes.
set -euo pipefail

# Presets: cold-start runs (+warm-up) per contender and bus; property-reads runs
# (+warm-up) per strategy; runs of the seed's ruby many-reads script; freshness changes.
QUICK=(3 1 3 1 1 1000)      # CI: under 60 s on 2 cores
DEFAULT=(50 2 10 2 5 1000)  # under 5 minutes on 2 cores; 2 buses x 50 = the seed's 100 runs per contender
FULL=(100 2 30 2 10 5000)   # the seed's 100 runs on each bus
READS=100                   # reads per run, as the seed
PRODUCTS=10                 # entries in AvailableBaseProducts
ALL_SCENARIOS=cold-start,property-reads,property-freshness
ALL_BUSES=dbus-daemon,dbus-broker
READY_TIMEOUT=30            # s until the mock must print its ready line
# shellcheck disable=SC2034 # read by lib/processes.sh
STOP_GRACE=5                # s between TERM and KILL

readonly PROG=run-scenarios.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
# shellcheck source-path=SCRIPTDIR source=lib/processes.sh
# shellcheck source-path=SCRIPTDIR source=lib/jvm_flags.sh
source "$LAB_DIR/lib/jvm_flags.sh" # KEEP_STACK_TRACES
source "$LAB_DIR/lib/processes.sh" # last_line, alive, stop_pid, install_cleanup_traps
# shellcheck source-path=SCRIPTDIR source=lib/java_aot.sh
source "$LAB_DIR/lib/java_aot.sh" # jdk25_find, java_aot_create, java_aot_args
# shellcheck source-path=SCRIPTDIR source=lib/java_lean.sh
source "$LAB_DIR/lib/java_lean.sh" # JAVA_LEAN_FLAGS
REPO=$(cd "$LAB_DIR/.." && pwd -P)
readonly LAB_DIR REPO
readonly BUS_SH="$LAB_DIR/bus.sh" SEED="$LAB_DIR/scenarios/seed" COLD="$LAB_DIR/scenarios/cold_start.py"
readonly SERVER_JAR="$REPO/server/target/dbus-lab-server.jar"
readonly SCEN_JAR="$REPO/scenarios/target/dbus-lab-scenarios.jar"
readonly LEAN_JAR="$REPO/lean/target/dbus-lab-lean.jar"
readonly ANALYSIS_JAR="$REPO/analysis/target/dbus-lab-analysis.jar"
readonly MOCK_MAIN=org.dbuslab.server.installer.InstallerMockMain
readonly CLI_MAIN=org.dbuslab.scenarios.cli.GetProducts
readonly LEAN_MAIN=org.dbuslab.lean.GetProducts
readonly RENDER_MAIN=org.dbuslab.analysis.scenarios.ScenariosReportMain
readonly N=org.opensuse.DInstaller.Software P=/org/opensuse/DInstaller/Software1 I=org.opensuse.DInstaller.Software1
JAVA=${JAVA:-java}
PYTHON_DBUS=${LAB_PYTHON_DBUS:-/usr/bin/python3}   # a python3 with dbus-python (Debian's)

usage() {
    cat <<EOF
Usage: lab/run-scenarios.sh [--quick | --full] [options]

Client-library scenarios of the Agama (D-Installer) blog, 2023, against a mock of the
studied service (org.opensuse.DInstaller.Software) on private buses that clients find
through DBUS_SYSTEM_BUS_ADDRESS:
  cold-start          one process per run: connect, read AvailableBaseProducts, print it.
                      Contenders where installed: baseline (/bin/true), java (plain JVM),
                      java-cds (AppCDS archive made here), java25-aot (a JDK 25 with its
                      AOT cache made here, JEP 483/514; LAB_JDK25=JAVA_HOME, else the newest
                      under /usr/lib/jvm), java-lean and java25-lean-aot (the same call with
                      the JDK alone, lean/, archived the same two ways), busctl, gdbus,
                      dbus-python, ruby-dbus (the seed's script, unchanged)
  property-reads      $READS reads in one process: Java strategies get, introspect-get,
                      cached; plus the seed's ruby-dbus many-reads script. Messages counted
                      by a bus monitor (busctl monitor)
  property-freshness  a cached reader while another client changes SelectedBaseProduct K
                      times; stale reads must be 0

Presets (cold runs+warm-up / reads runs+warm-up / ruby reads runs / freshness changes):
  --quick     ${QUICK[0]}+${QUICK[1]} / ${QUICK[2]}+${QUICK[3]} / ${QUICK[4]} / ${QUICK[5]}     CI, under 60 s
  (default)   ${DEFAULT[0]}+${DEFAULT[1]} / ${DEFAULT[2]}+${DEFAULT[3]} / ${DEFAULT[4]} / ${DEFAULT[5]}  under 5 minutes
  --full      ${FULL[0]}+${FULL[1]} / ${FULL[2]}+${FULL[3]} / ${FULL[4]} / ${FULL[5]}  the seed's 100 runs on every bus

Options:
  --scenarios LIST  comma-separated subset of $ALL_SCENARIOS (default: all)
  --buses LIST      comma-separated subset of $ALL_BUSES (default: both)
  --out DIR         results folder (default results/<UTC timestamp>/); may already hold a
                    matrix session, refused if it already holds scenarios/
  --cold-runs N      cold-start runs per contender and bus, instead of the preset's (run-all.sh's
                    default session passes 10: 50 took a sixth of its 10-minute budget, 20 a fifth)
  --no-build        never run Maven (the jars must exist)
  -h, --help        this text

Outputs (docs/SCENARIOS.md): OUT/scenarios/cold-start.csv, property-reads.csv,
freshness.csv, latency/*.hlog, skipped.tsv (scenario, bus, contender, reason), logs/;
then OUT/scenarios.md rendered by the analysis jar.

Exit codes: 0 all ran clean (skipped contenders are not failures); 1 a run failed, a stale
read or lost signal, or rendering failed; 2 bad usage; 3 java or a jar missing, build failed;
130/143 interrupted (everything started is stopped).
EOF
}

say() { printf '%s\n' "$*" >&2; [[ -z "${LOG:-}" ]] || printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >>"$LOG"; }
usage_error() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 2; }
die() { local c=$1; shift; say "$PROG: error: $*"; exit "$c"; }
have() { command -v "$1" >/dev/null 2>&1; }

# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------
PRESET=default OUT="" SCENARIOS=$ALL_SCENARIOS BUSES=$ALL_BUSES BUILD=auto COLD_RUNS_SET=""
in_list() { [[ ",$2," == *",$1,"* ]]; }
check_list() { # NAME VALUE ALLOWED
    local x
    [[ -n "$2" && "$2" != *,, && "$2" != ,* && "$2" != *, ]] || usage_error "$1 needs a comma-separated list"
    for x in ${2//,/ }; do in_list "$x" "$3" || usage_error "unknown $1 element '$x' (allowed: $3)"; done
}
while (($# > 0)); do
    case "$1" in
        -h | --help) usage; exit 0 ;;
        --quick | --full)
            [[ "$PRESET" == default || "$PRESET" == "${1#--}" ]] || usage_error "--quick and --full exclude each other"
            PRESET=${1#--} ;;
        --scenarios | --buses | --out | --cold-runs)
            (($# >= 2)) || usage_error "$1 needs a value"
            case "$1" in --scenarios) SCENARIOS=$2 ;; --buses) BUSES=$2 ;; --out) OUT=$2 ;; --cold-runs) COLD_RUNS_SET=$2 ;; esac
            shift ;;
        --cold-runs=*) COLD_RUNS_SET=${1#*=} ;;
        --scenarios=*) SCENARIOS=${1#*=} ;;
        --buses=*) BUSES=${1#*=} ;;
        --out=*) OUT=${1#*=} ;;
        --no-build) BUILD=never ;;
        *) usage_error "unknown argument '$1' (see --help)" ;;
    esac
    shift
done
check_list --scenarios "$SCENARIOS" "$ALL_SCENARIOS"
check_list --buses "$BUSES" "$ALL_BUSES"
case "$PRESET" in quick) SET=("${QUICK[@]}") ;; full) SET=("${FULL[@]}") ;; *) SET=("${DEFAULT[@]}") ;; esac
if [[ -n "$COLD_RUNS_SET" ]]; then
    [[ "$COLD_RUNS_SET" =~ ^[0-9]{1,4}$ && "$COLD_RUNS_SET" -ge 1 ]] ||
        usage_error "--cold-runs must be a whole number from 1 to 9999, got '$COLD_RUNS_SET'"
    SET[0]=$((10#$COLD_RUNS_SET))
fi
COLD_RUNS=${SET[0]} COLD_WARMUP=${SET[1]} READ_RUNS=${SET[2]} READ_WARMUP=${SET[3]} RUBY_RUNS=${SET[4]} CHANGES=${SET[5]}

# ---------------------------------------------------------------------------
# Process control: everything started is remembered; the EXIT trap stops it.
# ---------------------------------------------------------------------------
MOCK_PID="" CHILD_PID="" TMP_ROOT="" BUS_DIRS=()
cleanup() {
    stop_pid "$CHILD_PID"; CHILD_PID=""
    stop_pid "$MOCK_PID"; MOCK_PID=""
    local d
    for d in "${BUS_DIRS[@]}"; do "$BUS_SH" down "$d" >/dev/null 2>&1 || true; done
    BUS_DIRS=()
    [[ -z "$TMP_ROOT" || ! -d "$TMP_ROOT" ]] || rm -rf -- "$TMP_ROOT"
}

# run_child LOG CMD...: run CMD in its own process group (so cleanup can stop all of it),
# stderr to LOG (and its last line to our progress); returns CMD's exit code.
run_child() {
    local log=$1 rc=0
    shift
    setsid "$@" </dev/null >>"$log.out" 2>>"$log" &
    CHILD_PID=$!
    wait "$CHILD_PID" || rc=$?
    CHILD_PID=""
    say "   $(last_line "$log")"
    return "$rc"
}

FAILED=()
skip() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$(printf '%s' "$4" | tr '\t\n' '  ')" >>"$SOUT/skipped.tsv"; say "   skipped $3 ($1, $2): $4"; }

# ---------------------------------------------------------------------------
# Per bus
# ---------------------------------------------------------------------------
start_mock() { # ADDRESS LOGDIR
    setsid "$JAVA" "$KEEP_STACK_TRACES" -cp "$SERVER_JAR" "$MOCK_MAIN" --bus "$1" --products "$PRODUCTS" </dev/null >"$2/mock.out" 2>"$2/mock.err" &
    MOCK_PID=$!
    local deadline=$((SECONDS + READY_TIMEOUT))
    until grep -q '^ready ' "$2/mock.out" 2>/dev/null; do
        alive "$MOCK_PID" || { MOCK_PID=""; return 1; }
        ((SECONDS < deadline)) || return 1
        sleep 0.1
    done
}

cold_contender() { # BUS NAME EXPECT CMD...: EXPECT must be in every run's stdout
    local bus=$1 name=$2 expect=$3
    shift 3
    say "   cold-start $name"
    run_child "$LOGS/$bus/cold-$name.err" python3 "$COLD" --bus "$bus" --contender "$name" --runs "$COLD_RUNS" \
        --warmup "$COLD_WARMUP" --expect "$expect" --csv "$SOUT/cold-start.csv" -- "$@" ||
        FAILED+=("cold-start $bus $name")
}

# cds_contender BUS NAME JAR MAIN [JVM_OPTION...]: JAR's MAIN on the lab's JVM (Java 17) with an AppCDS archive of its
# own: one run records the classes it loads (-XX:ArchiveClassesAtExit, once per session), every measured run maps the
# archive (-Xshare:on, so a run that cannot map it fails). The options go to both.
cds_contender() {
    local bus=$1 name=$2 jar=$3 main=$4
    shift 4
    local jsa="$TMP_ROOT/$name.jsa" log="$LOGS/$bus/cds-dump-$name.err"
    if [[ ! -s "$jsa" ]]; then
        "$JAVA" "$KEEP_STACK_TRACES" "$@" -XX:ArchiveClassesAtExit="$jsa" -cp "$jar" "$main" </dev/null >/dev/null 2>"$log" || true
    fi
    if [[ -s "$jsa" ]]; then
        cold_contender "$bus" "$name" Tumbleweed "$JAVA" "$KEEP_STACK_TRACES" "$@" -XX:SharedArchiveFile="$jsa" -Xshare:on -cp "$jar" "$main"
    else
        skip cold-start "$bus" "$name" "AppCDS archive could not be created: $(last_line "$log")"
    fi
}

# aot_contender BUS NAME JAR MAIN [JVM_OPTION...]: JAR's MAIN on a JDK 25 with its AOT cache (JEP 483/514): one
# training run makes it (once per session), every measured run uses it (java_aot_args: AOTMode=on); the options go
# to both. No JDK 25: skipped with the reason.
aot_contender() {
    local bus=$1 name=$2 jar=$3 main=$4
    shift 4
    if [[ -z "$JAVA25" ]]; then
        skip cold-start "$bus" "$name" "$JAVA25_REASON"
        return 0
    fi
    local aot="$TMP_ROOT/$name.aot" log="$LOGS/$bus/aot-create-$name.err" aot_args
    [[ -s "$aot" ]] || java_aot_create "$JAVA25" "$aot" "$log" "$KEEP_STACK_TRACES" "$@" -cp "$jar" "$main" || true
    if [[ -s "$aot" ]]; then
        mapfile -t aot_args < <(java_aot_args "$aot")
        cold_contender "$bus" "$name" Tumbleweed "$JAVA25" "$KEEP_STACK_TRACES" "$@" "${aot_args[@]}" -cp "$jar" "$main"
    else
        skip cold-start "$bus" "$name" "Java 25 AOT cache could not be created: $(last_line "$log")"
    fi
}

run_cold_start() { # BUS
    local bus=$1
    cold_contender "$bus" baseline "" /bin/true
    cold_contender "$bus" java Tumbleweed "$JAVA" "$KEEP_STACK_TRACES" -cp "$SCEN_JAR" "$CLI_MAIN"
    cds_contender "$bus" java-cds "$SCEN_JAR" "$CLI_MAIN"
    aot_contender "$bus" java25-aot "$SCEN_JAR" "$CLI_MAIN"
    # The same call without dbus-java and jnr: the lean module's CLI, the JDK alone, archived the same two ways and
    # run as a short-lived CLI is (lib/java_lean.sh).
    if [[ -f "$LEAN_JAR" ]]; then
        cds_contender "$bus" java-lean "$LEAN_JAR" "$LEAN_MAIN" "${JAVA_LEAN_FLAGS[@]}"
        aot_contender "$bus" java25-lean-aot "$LEAN_JAR" "$LEAN_MAIN" "${JAVA_LEAN_FLAGS[@]}"
    else
        skip cold-start "$bus" java-lean "missing ${LEAN_JAR#"$REPO"/} (build it: mvn -B package -DskipTests)"
        skip cold-start "$bus" java25-lean-aot "missing ${LEAN_JAR#"$REPO"/} (build it: mvn -B package -DskipTests)"
    fi
    if have busctl; then
        cold_contender "$bus" busctl Tumbleweed busctl --system get-property "$N" "$P" "$I" AvailableBaseProducts
    else skip cold-start "$bus" busctl "busctl not installed (package systemd)"; fi
    if have gdbus; then
        cold_contender "$bus" gdbus Tumbleweed gdbus call --system --dest "$N" --object-path "$P" \
            --method org.freedesktop.DBus.Properties.Get "$I" AvailableBaseProducts
    else skip cold-start "$bus" gdbus "gdbus not installed (package libglib2.0-bin)"; fi
    if [[ -n "$PY_DBUS" ]]; then
        cold_contender "$bus" dbus-python Tumbleweed "$PY_DBUS" -c "import dbus; print(dbus.SystemBus().get_object('$N', '$P', introspect=False).Get('$I', 'AvailableBaseProducts', dbus_interface=dbus.PROPERTIES_IFACE))"
    else skip cold-start "$bus" dbus-python "no python3 with dbus-python (package python3-dbus; LAB_PYTHON_DBUS picks the interpreter)"; fi
    if ((HAVE_RUBY_DBUS)); then
        cold_contender "$bus" ruby-dbus Tumbleweed ruby -r "$SEED/system_bus_from_env.rb" "$SEED/cold_start.rb"
    else skip cold-start "$bus" ruby-dbus "$RUBY_REASON"; fi
    skip cold-start "$bus" zbus "$ZBUS_REASON"
}

run_property_reads() { # BUS ADDRESS
    local bus=$1 addr=$2
    local -a count=() # picocli: --count on a default-true flag would flip it; only --no-count is passed
    have busctl || { count=(--no-count); skip property-reads "$bus" message-counts "busctl not installed (package systemd): no bus monitor, messages not counted"; }
    say "   property-reads: get, introspect-get, cached"
    run_child "$LOGS/$bus/property-reads.err" "$JAVA" "$KEEP_STACK_TRACES" -jar "$SCEN_JAR" property-reads --address "$addr" --bus "$bus" \
        --reads "$READS" --runs "$READ_RUNS" --warmup-runs "$READ_WARMUP" "${count[@]}" --csv "$SOUT/property-reads.csv" ||
        FAILED+=("property-reads $bus")
    if ((HAVE_RUBY_DBUS)); then
        say "   property-reads: the seed's ruby-dbus script"
        run_child "$LOGS/$bus/property-reads-ruby.err" "$JAVA" "$KEEP_STACK_TRACES" -jar "$SCEN_JAR" count-external --address "$addr" \
            --bus "$bus" --label ruby-dbus-seed --reads "$READS" --runs "$RUBY_RUNS" "${count[@]}" --csv "$SOUT/property-reads.csv" \
            -- ruby -r "$SEED/system_bus_from_env.rb" "$SEED/many_reads.rb" || FAILED+=("property-reads $bus ruby-dbus")
    else skip property-reads "$bus" ruby-dbus-seed "$RUBY_REASON"; fi
}

run_freshness() { # BUS ADDRESS
    local bus=$1 addr=$2
    say "   property-freshness: $CHANGES changes"
    run_child "$LOGS/$bus/freshness.err" "$JAVA" "$KEEP_STACK_TRACES" -jar "$SCEN_JAR" freshness --address "$addr" --bus "$bus" \
        --changes "$CHANGES" --csv "$SOUT/freshness.csv" --latency-log "$SOUT/latency/freshness-$bus.hlog" ||
        FAILED+=("property-freshness $bus")
}

run_bus() { # BUS
    local bus=$1 dir addr
    mkdir -p "$LOGS/$bus"
    dir=$(mktemp -d "$TMP_ROOT/$bus.XXXX")
    BUS_DIRS+=("$dir")
    say "== $bus"
    if ! addr=$("$BUS_SH" up "$bus" "$dir" 2>"$LOGS/$bus/bus-up.err"); then
        local s
        for s in ${SCENARIOS//,/ }; do skip "$s" "$bus" all "bus did not start: $(last_line "$LOGS/$bus/bus-up.err")"; done
        return 0
    fi
    if ! start_mock "$addr" "$LOGS/$bus"; then
        FAILED+=("mock $bus")
        say "   the installer mock did not start: $(last_line "$LOGS/$bus/mock.err")"
    else
        export DBUS_SYSTEM_BUS_ADDRESS=$addr # how every contender finds the "system bus"
        in_list cold-start "$SCENARIOS" && run_cold_start "$bus"
        in_list property-reads "$SCENARIOS" && run_property_reads "$bus" "$addr"
        in_list property-freshness "$SCENARIOS" && run_freshness "$bus" "$addr"
        unset DBUS_SYSTEM_BUS_ADDRESS
    fi
    stop_pid "$MOCK_PID"; MOCK_PID=""
    "$BUS_SH" down "$dir" >/dev/null 2>&1 || true
    cp -p "$dir"/*.log "$LOGS/$bus/" 2>/dev/null || true
}

# ---------------------------------------------------------------------------
main() {
    have "$JAVA" || die 3 "java not found ('$JAVA'); set JAVA"
    have python3 || die 3 "python3 not found (runs lab/scenarios/cold_start.py)"
    [[ -n "$OUT" ]] || OUT="$REPO/results/$(date -u +%Y-%m-%dT%H-%M-%SZ)"
    [[ ! -e "$OUT/scenarios" ]] || usage_error "$OUT already holds scenarios/; choose another --out"
    mkdir -p "$OUT/scenarios/logs" || die 2 "cannot create $OUT"
    OUT=$(cd "$OUT" && pwd -P)
    SOUT=$OUT/scenarios LOGS=$OUT/scenarios/logs LOG=$OUT/scenarios/logs/session.log
    : >"$SOUT/skipped.tsv"
    install_cleanup_traps "stopping everything"
    TMP_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/dbus-scen.XXXXXX")

    if [[ "$BUILD" == auto && (! -f "$SERVER_JAR" || ! -f "$SCEN_JAR" || ! -f "$LEAN_JAR" || ! -f "$ANALYSIS_JAR") ]]; then
        say "building: mvn -B -q package -DskipTests"
        (cd "$REPO" && mvn -B -q package -DskipTests) >"$LOGS/build.log" 2>&1 || die 3 "build failed (see $LOGS/build.log)"
    fi
    local j
    for j in "$SERVER_JAR" "$SCEN_JAR"; do [[ -f "$j" ]] || die 3 "missing $j (build first)"; done

    # Which optional contenders this machine has, and why not.
    PY_DBUS=""
    for j in "$PYTHON_DBUS" python3; do
        if "$j" -c 'import dbus' >/dev/null 2>&1; then PY_DBUS=$(command -v "$j"); break; fi
    done
    JAVA25="" JAVA25_REASON=""
    if j=$(jdk25_find); then JAVA25=$j; else JAVA25_REASON=$j; fi
    HAVE_RUBY_DBUS=0 RUBY_REASON=""
    if ! have ruby; then RUBY_REASON="ruby not installed (Debian package ruby-dbus brings it)"
    elif ! ruby -e 'require "dbus"' >/dev/null 2>&1; then RUBY_REASON="ruby-dbus not installed (Debian package ruby-dbus)"
    else HAVE_RUBY_DBUS=1; fi
    ZBUS_REASON="the seed's Rust program needs zbus >= 2 (zbus::blocking) from crates.io, which the lab cannot reach; Debian 12 packages zbus 1.9 (librust-zbus-dev), whose API differs. The cached Java strategy reproduces zbus's GetAll + PropertiesChanged pattern"

    say "$PROG: preset $PRESET; scenarios $SCENARIOS; buses $BUSES; results in $SOUT"
    printf 'preset\t%s\nscenarios\t%s\nbuses\t%s\ncold_runs\t%s\ncold_warmup\t%s\nreads\t%s\nread_runs\t%s\nread_warmup\t%s\nruby_runs\t%s\nchanges\t%s\nproducts\t%s\njava25\t%s\n' \
        "$PRESET" "$SCENARIOS" "$BUSES" "$COLD_RUNS" "$COLD_WARMUP" "$READS" "$READ_RUNS" "$READ_WARMUP" "$RUBY_RUNS" \
        "$CHANGES" "$PRODUCTS" "${JAVA25:-none}" >"$SOUT/plan.tsv"
    [[ -s "$OUT/environment.json" ]] || "$JAVA" "$KEEP_STACK_TRACES" -cp "$REPO/client/target/dbus-lab-client.jar" \
        org.dbuslab.client.env.EnvironmentCapture --out "$OUT/environment.json" >/dev/null 2>&1 || true

    local bus
    for bus in ${BUSES//,/ }; do run_bus "$bus"; done

    local rc=0
    if [[ -f "$ANALYSIS_JAR" ]] && "$JAVA" "$KEEP_STACK_TRACES" -cp "$ANALYSIS_JAR" "$RENDER_MAIN" "$OUT" >"$LOGS/render.log" 2>&1; then
        say "report section: $OUT/scenarios.md"
    else
        say "rendering FAILED: $(last_line "$LOGS/render.log")"
        rc=1
    fi
    for j in "${FAILED[@]}"; do say "FAILED: $j (logs in $LOGS)"; done
    ((${#FAILED[@]} == 0)) || rc=1
    ((rc != 0)) || printf '%s\n' "$OUT/scenarios.md"
    return "$rc"
}

main
