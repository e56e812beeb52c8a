#!/usr/bin/env bash
# Self-test of the lab scripts: lab/bus.sh up/down for every bus transport (with
# a libdbus smoke test between two clients and an orphan check), the over-limit
# bus (LAB_BUS_MAX_REPLIES), and lab/run-all.sh's --help and bad-input handling
# (the launcher and the runner jar: skipped when the jar is not built or there
# is no java; the bus checks need no Java).
#
#   lab/selftest.sh                  all checks
#   lab/selftest.sh --with-fallback  also dbus-broker without unshare, which creates
#                                    /run/systemd/journal/socket for the test's
#                                    duration (only if that path does not exist)
#
# Prints "ok N - ..." / "not ok N - ..." per check; exits 1 if any check failed.
set -euo pipefail

_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
readonly LAB_DIR
readonly BUS_SH="$LAB_DIR/bus.sh" RUN_ALL="$LAB_DIR/run-all.sh"

WITH_FALLBACK=0
[[ "${1:-}" != --with-fallback ]] || WITH_FALLBACK=1

N=0
FAILED=0
WORK=$(mktemp -d /tmp/lab-selftest.XXXXXX)
# run-all.sh's bad-input checks: a session measuring on this machine (the shared lock) must not change their exit
export LAB_SESSION_LOCK="$WORK/session.lock"
ECHO_PID=""
DIRS=()

cleanup() {
    if [[ -n "$ECHO_PID" ]]; then kill "$ECHO_PID" 2>/dev/null || true; wait "$ECHO_PID" 2>/dev/null || true; fi
    local d
    for d in "${DIRS[@]}"; do "$BUS_SH" down "$d" >/dev/null 2>&1 || true; done
    rm -rf -- "$WORK"
}
trap cleanup EXIT

check() { # check DESCRIPTION COMMAND...
    local what=$1
    shift
    N=$((N + 1))
    if "$@"; then
        echo "ok $N - $what"
    else
        echo "not ok $N - $what"
        FAILED=$((FAILED + 1))
    fi
}

# A recorded pid is "left over" if it still runs (zombies awaiting init do not count).
pid_running() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    [[ "${stat%% *}" != Z ]]
}

none_running() { # none_running PID...
    local p
    for p in "$@"; do
        if pid_running "$p"; then
            echo "   still running: $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)" >&2
            return 1
        fi
    done
}

# smoke ADDRESS: two libdbus clients talk through the bus: dbus-test-tool echo
# claims a name, dbus-test-tool spam calls it (also with 512 calls pending,
# above dbus-daemon's compiled-in max_replies_per_connection of 128).
smoke() {
    local addr=$1 ok=0
    if ! command -v dbus-test-tool >/dev/null 2>&1; then
        echo "   dbus-test-tool missing; GetId only" >&2
        timeout 5 dbus-send --bus="$addr" --print-reply --dest=org.freedesktop.DBus \
            /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null
        return
    fi
    DBUS_SESSION_BUS_ADDRESS=$addr dbus-test-tool echo --name=com.example.Echo \
        </dev/null >"$WORK/echo.log" 2>&1 &
    ECHO_PID=$!
    local _
    for _ in $(seq 50); do
        if timeout 5 dbus-send --bus="$addr" --print-reply --dest=org.freedesktop.DBus \
            /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:com.example.Echo 2>/dev/null |
            grep -q 'boolean true'; then
            break
        fi
        sleep 0.1
    done
    head -c 10000 /dev/zero >"$WORK/payload"
    if DBUS_SESSION_BUS_ADDRESS=$addr timeout 30 dbus-test-tool spam --dest=com.example.Echo --count=10 &&
        DBUS_SESSION_BUS_ADDRESS=$addr timeout 60 dbus-test-tool spam --dest=com.example.Echo \
            --count=5000 --queue=512 --bytes --stdin <"$WORK/payload"; then
        ok=1
    fi
    kill "$ECHO_PID" 2>/dev/null || true
    wait "$ECHO_PID" 2>/dev/null || true
    ECHO_PID=""
    ((ok))
}

test_transport() { # test_transport TRANSPORT [ENV=VALUE...]
    local t=$1 dir addr rc=0 err
    shift
    dir=$(mktemp -d "$WORK/bus.XXXX")
    DIRS+=("$dir")
    addr=$(env "$@" "$BUS_SH" up "$t" "$dir" 2>"$WORK/up.err") || rc=$?
    err=$(cat "$WORK/up.err")
    if ((rc == 3)); then
        echo "ok $((N + 1)) - # SKIP $t not available here: $err"
        N=$((N + 1))
        return 0
    fi
    check "$t${*:+ ($*)}: up exits 0 and prints an address" test "$rc" -eq 0 -a -n "$addr"
    ((rc == 0)) || { echo "   $err" >&2; return 0; }
    check "$t: DIR/address matches stdout, DIR is 0700" \
        test "$(cat "$dir/address")" = "$addr" -a "$(stat -c %a "$dir")" = 700
    check "$t: two clients talk through the bus (dbus-test-tool echo + spam)" smoke "$addr"
    local -a pids=()
    local pid _
    while read -r pid _; do pids+=("$pid"); done <"$dir/pids"
    check "$t: down exits 0" "$BUS_SH" down "$dir"
    check "$t: no process left after down (${#pids[@]} recorded)" none_running "${pids[@]}"
    check "$t: no socket left after down" test -z "$(find "$dir" -type s)"
    check "$t: second down is a no-op" "$BUS_SH" down "$dir"
}

# one_line_exit EXPECTED_RC ARGS...: run-all exits EXPECTED_RC with one stderr line.
run_all_rejects() {
    local rc=0 lines
    "$RUN_ALL" --no-build "$@" >/dev/null 2>"$WORK/ra.err" || rc=$?
    lines=$(wc -l <"$WORK/ra.err")
    [[ "$rc" == 2 && "$lines" == 1 ]] && grep -q '^run-all.sh: error: ' "$WORK/ra.err"
}
# run_all_rejects_saying TEXT ARGS...: as run_all_rejects, and the line contains TEXT
run_all_rejects_saying() {
    local text=$1
    shift
    run_all_rejects "$@" && grep -qF -e "$text" "$WORK/ra.err"
}

echo "# lab/bus.sh"
for t in dbus-daemon dbus-broker dbus-daemon-tcp; do
    test_transport "$t"
done
if ((WITH_FALLBACK)); then
    if [[ -e /run/systemd/journal/socket ]]; then
        echo "ok $((N + 1)) - # SKIP fallback: /run/systemd/journal/socket exists"
        N=$((N + 1))
    else
        test_transport dbus-broker LAB_BUS_NO_UNSHARE=1
        check "fallback: /run/systemd/journal/socket removed again" test ! -e /run/systemd/journal/socket
    fi
fi
# The over-limit check's bus: LAB_BUS_MAX_REPLIES lowers max_replies_per_connection, and
# libdbus calls beyond it get LimitsExceeded from the bus (counted by spam, no hang).
over_limit() {
    local dir addr ok=0
    dir=$(mktemp -d "$WORK/bus.XXXX")
    DIRS+=("$dir")
    addr=$(LAB_BUS_MAX_REPLIES=64 "$BUS_SH" up dbus-daemon "$dir" 2>"$WORK/up.err") || { cat "$WORK/up.err" >&2; return 1; }
    grep -q '<limit name="max_replies_per_connection">64</limit>' "$dir/bus.conf" || { echo "   limit not in bus.conf" >&2; return 1; }
    if command -v dbus-test-tool >/dev/null 2>&1; then
        DBUS_SESSION_BUS_ADDRESS=$addr dbus-test-tool echo --name=com.example.Echo </dev/null >"$WORK/echo.log" 2>&1 &
        ECHO_PID=$!
        local _
        for _ in $(seq 50); do
            timeout 5 dbus-send --bus="$addr" --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                org.freedesktop.DBus.NameHasOwner string:com.example.Echo 2>/dev/null | grep -q 'boolean true' && break
            sleep 0.1
        done
        DBUS_SESSION_BUS_ADDRESS=$addr timeout 30 dbus-test-tool spam --dest=com.example.Echo --count=300 --queue=128 \
            2>"$WORK/spam.err" || true
        grep -q 'org.freedesktop.DBus.Error.LimitsExceeded' "$WORK/spam.err" && ok=1
        kill "$ECHO_PID" 2>/dev/null || true
        wait "$ECHO_PID" 2>/dev/null || true
        ECHO_PID=""
    else
        ok=1
    fi
    "$BUS_SH" down "$dir"
    ((ok))
}
check "bus.sh: LAB_BUS_MAX_REPLIES=64 lowers the limit; 128 pending calls get LimitsExceeded" over_limit
rc=0
LAB_BUS_MAX_REPLIES=lots "$BUS_SH" up dbus-daemon "$WORK/y" 2>/dev/null || rc=$?
check "bus.sh: LAB_BUS_MAX_REPLIES that is not a number exits 2" test "$rc" -eq 2

rc=0
"$BUS_SH" up no-such-transport "$WORK/x" 2>/dev/null || rc=$?
check "bus.sh: unknown transport exits 2" test "$rc" -eq 2
rc=0
"$BUS_SH" down "$WORK/never-started" || rc=$?
check "bus.sh: down of a directory that never ran exits 0" test "$rc" -eq 0

echo "# lab/run-all.sh"
# run-all.sh execs the Java session runner: without its jar these checks cannot run (mvn -B package builds it).
if [[ ! -f "$LAB_DIR/../runner/target/dbus-lab-runner.jar" ]] || ! command -v "${JAVA:-java}" >/dev/null 2>&1; then
    echo "ok $((N + 1)) - # SKIP run-all.sh: no runner jar or no java (build with mvn -B package -DskipTests)"
    N=$((N + 1))
    echo "1..$N"
    ((FAILED == 0)) || { echo "# $FAILED of $N checks failed"; exit 1; }
    echo "# all $N checks passed"
    exit 0
fi
help_ok() {
    "$RUN_ALL" --no-build --help >"$WORK/help.txt" || return 1
    local flag
    for flag in --transports --order --order-seed --blocks --precision --budget --placement --rotation --no-reference --sweep \
        --no-sweep --sweep-windows --sweep-calls order.tsv notes.tsv; do
        grep -q -e "$flag" "$WORK/help.txt" || { echo "   --help does not mention $flag" >&2; return 1; }
    done
}
check "run-all.sh --help exits 0 and documents the flags" help_ok
for args in "--frob" "--runs" "--runs abc" "--runs 0" "--calls 1e3" "--warmup-runs -1" "--warmup-max-seconds x" \
    "--window 0" "--sizes 1000,-5" "--sizes 10a" "--sizes 1000,,2" "--sizes 99999999999" "--sizes 0" "--sizes 7,1000" \
    "--transports foo" "--modes fast" "--quick --full" "--no-build --rebuild" "stray" \
    "--order random" "--order" "--order-seed -3" "--order-seed x" "--runs-per-round 0" \
    "--sweep --no-sweep" "--sweep-windows 0" "--sweep-windows 1,,2" "--sweep-windows 4,x" \
    "--sweep-windows 99999999" "--sweep-runs 0" "--sweep-calls many" "--placement pinned" "--rotation yes" "--budget soon"; do
    # shellcheck disable=SC2086  # split the argument list on purpose
    check "run-all.sh $args: one error line, exit 2" run_all_rejects $args
done
mkdir -p "$WORK/out" && : >"$WORK/out/runs.csv"
check "run-all.sh refuses an --out that has runs.csv" run_all_rejects --out "$WORK/out"
check "run-all.sh --sizes 7: the line names the 8-byte minimum" run_all_rejects_saying "smallest payload is 8 bytes" --sizes 7
check "run-all.sh: an --out it cannot create is one line with the reason" \
    run_all_rejects_saying "cannot create $WORK/out/runs.csv/x: Not a directory" --out "$WORK/out/runs.csv/x"

echo "1..$N"
if ((FAILED > 0)); then
    echo "# $FAILED of $N checks failed"
    exit 1
fi
echo "# all $N checks passed"
