#!/usr/bin/env bash
# Private D-Bus bus launcher for the lab and for Java integration tests.
#
#   lab/bus.sh up TRANSPORT DIR   start a private bus, print its address on stdout
#   lab/bus.sh down DIR           stop everything 'up' started in DIR (idempotent)
#
# TRANSPORT: dbus-daemon (unix socket), dbus-broker (unix socket),
#            dbus-daemon-tcp (127.0.0.1, port chosen by the kernel).
#
# Everything an instance needs lives in DIR: generated config, sockets, logs,
# DIR/address and DIR/pids. The user's real session and system buses are never used:
# every client this script runs gets an explicit address.
#
# Exit codes of 'up': 0 ready; 1 failed to start; 2 bad usage;
#                     3 not available on this machine (binary missing, ...).
# On failure 'up' prints exactly one line on stderr and stops what it started.
set -euo pipefail

readonly PROG=bus.sh
_self=${BASH_SOURCE[0]}
[[ "$_self" == */* ]] || _self=./$_self
LAB_DIR=$(cd "${_self%/*}" && pwd -P)
readonly LAB_DIR
readonly CONFIG_DIR="$LAB_DIR/config"

# Bounded waits (seconds). READY_TIMEOUT is the whole budget for 'up'.
READY_TIMEOUT=${LAB_BUS_READY_TIMEOUT:-10}
STOP_GRACE=${LAB_BUS_STOP_GRACE:-3}
# Overrides max_replies_per_connection of config/limits.conf.in (e.g. 64 for the lab's
# over-limit check); empty = the shared value. dbus-broker has no such limit and ignores it.
MAX_REPLIES=${LAB_BUS_MAX_REPLIES:-}
# Override max_outgoing_bytes and max_connections_per_user (a slow-subscriber check: dbus-broker
# turns their product into each user's quota); empty = the shared values.
MAX_OUTGOING=${LAB_BUS_MAX_OUTGOING_BYTES:-}
MAX_CONNECTIONS=${LAB_BUS_MAX_CONNECTIONS_PER_USER:-}
# A file of extra <policy> elements for the bus (not its parent), inserted at @POLICY@: the policy-weight
# series' rules (the runner writes them); empty = none.
POLICY_FILE=${LAB_BUS_POLICY_FILE:-}
# The address dbus-daemon-tcp listens on (e.g. a veth address in another network namespace).
TCP_HOST=${LAB_BUS_TCP_HOST:-127.0.0.1}
# Longest unix socket path the kernel accepts (sun_path is 108 bytes with the NUL).
readonly MAX_SOCKET_PATH=107

usage() {
    cat <<'EOF'
Usage: lab/bus.sh up TRANSPORT DIR
       lab/bus.sh down DIR
       lab/bus.sh --help

Starts a private D-Bus message bus for the lab, in the background.

  up TRANSPORT DIR
      TRANSPORT is one of
        dbus-daemon      dbus-daemon on DIR/bus.sock (EXTERNAL auth)
        dbus-broker      dbus-broker on DIR/bus.sock, launched without systemd
        dbus-daemon-tcp  dbus-daemon on 127.0.0.1, port chosen by the kernel
                         (DBUS_COOKIE_SHA1 auth)
      DIR is a directory for this instance (created if missing, made 0700).
      Waits until the bus answers org.freedesktop.DBus.GetId (at most 10 s,
      LAB_BUS_READY_TIMEOUT), writes DIR/address and DIR/pids, prints the
      address on stdout and exits 0.
      Exit 1: failed to start; 2: bad usage; 3: not available on this machine.
      On failure: one line on stderr, everything started is stopped again.

  down DIR
      Stops every process recorded in DIR/pids (TERM, then KILL after
      LAB_BUS_STOP_GRACE=3 s) and removes the sockets. Always exits 0.

Environment: LAB_BUS_READY_TIMEOUT (s, default 10), LAB_BUS_STOP_GRACE (s, default 3),
LAB_BUS_MAX_REPLIES=N overrides max_replies_per_connection (config/limits.conf.in) for
this instance, e.g. 64 for an over-limit check; dbus-broker has no such limit.
LAB_BUS_MAX_OUTGOING_BYTES=N and LAB_BUS_MAX_CONNECTIONS_PER_USER=N override those two
limits, e.g. 1000000 and 16 for a slow-subscriber check.
LAB_BUS_POLICY_FILE=FILE adds FILE's <policy> elements to the bus's config (the policy-weight
series); LAB_BUS_TCP_HOST=ADDR makes dbus-daemon-tcp listen on ADDR instead of 127.0.0.1.

Files in DIR: address, pids, transport, bus.conf, bus.log; for dbus-broker also
parent.conf/parent.log (throwaway parent bus), broker-launch.log (launcher
stderr) and broker-journal.log (the launcher's and broker's journal messages).
EOF
}

# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

# Set by 'up' so that fail() knows which instance to tear down.
INSTANCE_DIR=""

# fail CODE MESSAGE: one line on stderr, stop what this 'up' started, exit CODE.
fail() {
    local code=$1
    shift
    trap - EXIT INT TERM
    if [[ -n "$INSTANCE_DIR" ]]; then
        stop_instance "$INSTANCE_DIR" >/dev/null 2>&1 || true
    fi
    # Messages may quote log lines: keep it to one line whatever they contain.
    printf '%s: %s\n' "$PROG" "$(printf '%s' "$*" | tr '\n\t' '  ')" >&2
    exit "$code"
}

have() { command -v "$1" >/dev/null 2>&1; }

# Escape a value for use inside a D-Bus address (spec: bytes outside
# [-0-9A-Za-z_/.\*] are written as %XX).
dbus_escape() {
    local s=$1 out="" c i
    local LC_ALL=C
    for ((i = 0; i < ${#s}; i++)); do
        c=${s:i:1}
        case "$c" in
            [-0-9A-Za-z_/.\\*]) out+=$c ;;
            *) out+=$(printf '%%%02X' "'$c") ;;
        esac
    done
    printf '%s' "$out"
}

# Escape text for an XML element body.
xml_escape() {
    local s=$1
    s=${s//&/&amp;}
    s=${s//</&lt;}
    s=${s//>/&gt;}
    printf '%s' "$s"
}

# override_limit LIMITS NAME VALUE: LIMITS with limit NAME set to VALUE (unchanged when VALUE is empty).
override_limit() {
    local limits=$1 name=$2 value=$3
    if [[ -n "$value" ]]; then
        [[ "$limits" =~ \<limit\ name=\"$name\"\>[0-9]+\</limit\> ]] ||
            fail 1 "limits.conf.in has no $name limit to override"
        limits=${limits/"${BASH_REMATCH[0]}"/<limit name=\"$name\">$value</limit>}
    fi
    printf '%s' "$limits"
}

# render_config TEMPLATE LISTEN OUTFILE [POLICY]: substitute @LISTEN@, @LIMITS@
# (with the limits replaced that LAB_BUS_MAX_* set) and @POLICY@ (POLICY's content, or nothing).
render_config() {
    local template=$1 listen=$2 out=$3 policy=${4:-} text limits extra=""
    [[ -r "$template" ]] || fail 3 "config template missing: $template"
    if [[ -n "$policy" ]]; then
        [[ -r "$policy" ]] || fail 2 "LAB_BUS_POLICY_FILE is not a readable file: $policy"
        extra=$(<"$policy")
    fi
    text=$(<"$template")
    limits=$(<"$CONFIG_DIR/limits.conf.in")
    limits=$(override_limit "$limits" max_replies_per_connection "$MAX_REPLIES")
    limits=$(override_limit "$limits" max_outgoing_bytes "$MAX_OUTGOING")
    limits=$(override_limit "$limits" max_connections_per_user "$MAX_CONNECTIONS")
    text=${text//@LISTEN@/$(xml_escape "$listen")}
    text=${text//@LIMITS@/$limits}
    text=${text//@POLICY@/$extra}
    printf '%s\n' "$text" >"$out"
}

# check_socket_path PATH: the kernel refuses longer unix socket paths.
check_socket_path() {
    if ((${#1} > MAX_SOCKET_PATH)); then
        fail 1 "socket path too long (${#1} > $MAX_SOCKET_PATH bytes): $1 (use a shorter DIR)"
    fi
}

# Last meaningful line of a log file, for one-line failure reasons.
last_line() {
    [[ -s "$1" ]] || return 0
    grep -v '^[[:space:]]*$' "$1" | tail -n 1 || true
}

# ---------------------------------------------------------------------------
# Process bookkeeping: DIR/pids holds "PID STARTTIME ROLE" per started process.
# The start time (field 22 of /proc/PID/stat) guards against pid reuse: 'down'
# only signals a pid whose start time still matches what 'up' recorded.
# ---------------------------------------------------------------------------

# proc_field PID N: field N (1-based, counted from 'pid') of /proc/PID/stat.
proc_field() {
    local stat rest
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    # comm (field 2) may contain spaces and parentheses: cut after the last ')'.
    rest=${stat##*) }
    # rest starts at field 3 (state).
    local -a f
    read -r -a f <<<"$rest"
    printf '%s' "${f[$(($2 - 3))]}"
}

# record_pid DIR PID ROLE
record_pid() {
    local start
    start=$(proc_field "$2" 22) || start=0
    printf '%s %s %s\n' "$2" "$start" "$3" >>"$1/pids"
}

# is_running PID STARTTIME: alive, not a zombie, and the same process we started.
is_running() {
    local state start
    state=$(proc_field "$1" 3) || return 1
    [[ "$state" != Z && "$state" != X ]] || return 1
    start=$(proc_field "$1" 22) || return 1
    [[ "$2" == 0 || "$start" == "$2" ]]
}

# signal_recorded DIR SIGNAL: signal each recorded live process, last started
# first, plus its process group (every process is started with setsid, so the
# group holds its children, e.g. the dbus-broker forked by the launcher).
signal_recorded() {
    local dir=$1 sig=$2 pid start role pgrp
    local -a lines=()
    [[ -f "$dir/pids" ]] || return 0
    mapfile -t lines <"$dir/pids"
    local i
    for ((i = ${#lines[@]} - 1; i >= 0; i--)); do
        read -r pid start role <<<"${lines[i]}" || continue
        [[ "$pid" =~ ^[0-9]+$ ]] || continue
        is_running "$pid" "$start" || continue
        pgrp=$(proc_field "$pid" 5) || pgrp=""
        if [[ "$pgrp" == "$pid" ]]; then
            kill "-$sig" -- "-$pid" 2>/dev/null || true
        fi
        kill "-$sig" "$pid" 2>/dev/null || true
    done
}

# any_running DIR: true while a recorded process is still alive.
any_running() {
    local pid start
    [[ -f "$1/pids" ]] || return 1
    while read -r pid start _; do
        [[ "$pid" =~ ^[0-9]+$ ]] || continue
        if is_running "$pid" "$start"; then return 0; fi
    done <"$1/pids"
    return 1
}

# wait_stopped DIR SECONDS: poll until nothing recorded runs; false on timeout.
wait_stopped() {
    local deadline=$((SECONDS + $2))
    while any_running "$1"; do
        ((SECONDS < deadline)) || return 1
        sleep 0.1
    done
    return 0
}

# stop_instance DIR: TERM, grace, KILL; then remove sockets and anything we
# created outside DIR (listed in DIR/created). Never fails.
stop_instance() {
    local dir=$1 path
    signal_recorded "$dir" TERM
    if ! wait_stopped "$dir" "$STOP_GRACE"; then
        signal_recorded "$dir" KILL
        wait_stopped "$dir" 2 || true
    fi
    rm -f "$dir"/*.sock 2>/dev/null || true
    if [[ -f "$dir/created" ]]; then
        # Last created first, so directories are empty when we get to them.
        tac "$dir/created" | while IFS= read -r path; do
            if [[ -S "$path" ]]; then
                rm -f "$path" 2>/dev/null || true
            elif [[ -d "$path" ]]; then
                rmdir "$path" 2>/dev/null || true
            fi
        done
        rm -f "$dir/created"
    fi
    rm -f "$dir/pids" "$dir/address"
    return 0
}

# spawn DIR ROLE LOG CMD...: start CMD detached (own session, so a Ctrl-C meant
# for the caller does not hit it and 'down' can signal its whole group), stdin
# from /dev/null, stdout+stderr to LOG; record its pid. Sets SPAWNED_PID.
SPAWNED_PID=""
spawn() {
    local dir=$1 role=$2 log=$3
    shift 3
    setsid "$@" </dev/null >>"$log" 2>&1 &
    SPAWNED_PID=$!
    record_pid "$dir" "$SPAWNED_PID" "$role"
}

# ---------------------------------------------------------------------------
# Readiness: a real client round trip, not just "the socket file exists".
# ---------------------------------------------------------------------------

# Which client we probe with; libdbus's dbus-send first because it speaks every
# mechanism our configs offer (EXTERNAL and DBUS_COOKIE_SHA1), busctl last
# (sd-bus has no DBUS_COOKIE_SHA1, so it only works on the unix transports).
probe_tool() {
    local t
    for t in dbus-send gdbus busctl; do
        if have "$t"; then
            printf '%s' "$t"
            return 0
        fi
    done
    return 1
}

# probe ADDRESS: one org.freedesktop.DBus.GetId round trip, bounded by timeout.
# The redirections sit on the external commands, not on the call of probe: a
# trap (Ctrl-C) runs inside the function that was executing, and would inherit
# a function-level 2>/dev/null and lose its one-line message.
probe() {
    local addr=$1
    case "$PROBE" in
        dbus-send)
            timeout 3 dbus-send --bus="$addr" --print-reply --dest=org.freedesktop.DBus \
                /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null 2>&1 ;;
        gdbus)
            timeout 3 gdbus call --address "$addr" --dest org.freedesktop.DBus \
                --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.GetId >/dev/null 2>&1 ;;
        busctl)
            timeout 3 busctl --address="$addr" call org.freedesktop.DBus \
                /org/freedesktop/DBus org.freedesktop.DBus GetId >/dev/null 2>&1 ;;
    esac
}

# wait_ready ADDRESS DEADLINE DESCRIPTION REASON_FN PID...: poll until the bus
# answers; fail early if a watched process died (with REASON_FN's explanation).
wait_ready() {
    local addr=$1 deadline=$2 what=$3 reason_fn=$4 pid
    shift 4
    while :; do
        if probe "$addr"; then
            return 0
        fi
        for pid in "$@"; do
            if ! is_running "$pid" 0; then
                fail 1 "$what exited during start-up: $($reason_fn)"
            fi
        done
        if ((SECONDS >= deadline)); then
            fail 1 "$what did not answer on $addr within ${READY_TIMEOUT}s: $($reason_fn)"
        fi
        sleep 0.1
    done
}

# ---------------------------------------------------------------------------
# dbus-daemon (unix or tcp)
# ---------------------------------------------------------------------------

# start_dbus_daemon DIR NAME TEMPLATE LISTEN DEADLINE [POLICY]: starts dbus-daemon with
# config DIR/NAME.conf, log DIR/NAME.log; sets DAEMON_ADDRESS and DAEMON_PID.
DAEMON_ADDRESS=""
DAEMON_PID=""
start_dbus_daemon() {
    local dir=$1 name=$2 template=$3 listen=$4 deadline=$5 policy=${6:-}
    local conf="$dir/$name.conf" log="$dir/$name.log" addrfile="$dir/$name.printed-address"
    render_config "$template" "$listen" "$conf" "$policy"
    : >"$addrfile"
    : >"$log"
    # --nofork keeps the pid we record; --print-address=3 reports the real address
    # (with the kernel-chosen TCP port); --nosyslog keeps messages in our log.
    setsid dbus-daemon --config-file="$conf" --nofork --nopidfile --nosyslog \
        --print-address=3 3>"$addrfile" </dev/null >>"$log" 2>&1 &
    DAEMON_PID=$!
    record_pid "$dir" "$DAEMON_PID" "dbus-daemon:$name"

    # Wait for the printed address (dbus-daemon prints it once it listens).
    DAEMON_ADDRESS=""
    while :; do
        if [[ -s "$addrfile" ]]; then
            read -r DAEMON_ADDRESS <"$addrfile" || true
            [[ -n "$DAEMON_ADDRESS" ]] && break
        fi
        if ! is_running "$DAEMON_PID" 0; then
            fail 1 "dbus-daemon ($name) exited during start-up: $(last_line "$log")"
        fi
        if ((SECONDS >= deadline)); then
            fail 1 "dbus-daemon ($name) printed no address within ${READY_TIMEOUT}s: $(last_line "$log")"
        fi
        sleep 0.05
    done
    # shellcheck disable=SC2317  # called indirectly by wait_ready
    daemon_reason() { last_line "$log"; }
    wait_ready "$DAEMON_ADDRESS" "$deadline" "dbus-daemon ($name)" daemon_reason "$DAEMON_PID"
}

up_dbus_daemon() {
    local dir=$1 deadline=$2 sock="$1/bus.sock"
    check_socket_path "$sock"
    start_dbus_daemon "$dir" bus "$CONFIG_DIR/session-unix.conf.in" \
        "unix:path=$(dbus_escape "$sock")" "$deadline" "$POLICY_FILE"
    BUS_ADDRESS=$DAEMON_ADDRESS
}

up_dbus_daemon_tcp() {
    local dir=$1 deadline=$2
    start_dbus_daemon "$dir" bus "$CONFIG_DIR/session-tcp.conf.in" \
        "tcp:host=$(dbus_escape "$TCP_HOST"),port=0" "$deadline" "$POLICY_FILE"
    BUS_ADDRESS=$DAEMON_ADDRESS
}

# ---------------------------------------------------------------------------
# dbus-broker without systemd
#
# dbus-broker-launch needs (REFERENCE.md §5):
#  1. its listening socket by socket activation -> systemd-socket-activate -l;
#  2. a parent bus for its systemd subscription (scope user: the session bus in
#     DBUS_SESSION_BUS_ADDRESS) -> a throwaway private dbus-daemon in DIR;
#  3. a datagram socket at /run/systemd/journal/socket for its log, or it exits
#     with "launcher_open_log".
# For 3 the launcher runs in a private mount namespace (unshare --mount
# --propagation private) where a tmpfs over /run/systemd/journal (or /run/systemd)
# holds a symlink "socket" -> DIR/journal.sock, a datagram receiver of ours that
# appends every log record to DIR/broker-journal.log. Nothing outside DIR changes
# and the namespace disappears with the launcher. If unshare is not permitted:
# a working host journal is used as is; else, if /run/systemd/journal/socket
# does not exist, our receiver is created right there (listed in DIR/created,
# removed by 'down'); otherwise the broker is not available (exit 3).
# ---------------------------------------------------------------------------

readonly JOURNAL_SOCKET=/run/systemd/journal/socket

# journal_works: a datagram socket accepting connect() is bound at the journal path.
journal_works() {
    [[ -S "$JOURNAL_SOCKET" ]] || return 1
    if have python3; then
        python3 - "$JOURNAL_SOCKET" <<'EOF' >/dev/null 2>&1
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.connect(sys.argv[1])
EOF
    else
        # socat's connect fails unless a datagram socket is bound there.
        socat -u OPEN:/dev/null UNIX-SENDTO:"$JOURNAL_SOCKET" >/dev/null 2>&1
    fi
}

# can_unshare DIR: may we create a private mount namespace and mount a tmpfs in
# it? (The trial mount over DIR lives and dies inside the trial namespace.)
# LAB_BUS_NO_UNSHARE=1 forces the fallbacks, for testing them.
can_unshare() {
    [[ "${LAB_BUS_NO_UNSHARE:-0}" != 1 ]] || return 1
    have unshare || return 1
    unshare --mount --propagation private -- \
        mount -n -t tmpfs -o size=4k lab-probe "$1" >/dev/null 2>&1
}

# start_journal_receiver DIR SOCKET LOG: a datagram receiver appending each
# record (journal "native protocol": KEY=value lines) to LOG.
start_journal_receiver() {
    local dir=$1 sock=$2 log=$3
    : >>"$log"
    if have socat; then
        spawn "$dir" journal-receiver "$dir/journal-receiver.log" \
            socat -u -b 262144 "UNIX-RECV:$sock,unlink-early" "OPEN:$log,creat,append"
    else
        spawn "$dir" journal-receiver "$dir/journal-receiver.log" \
            python3 -c '
import os, socket, sys
sock, log = sys.argv[1], sys.argv[2]
try:
    os.unlink(sock)
except FileNotFoundError:
    pass
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sock)
with open(log, "ab", buffering=0) as out:
    while True:
        out.write(s.recv(1 << 20) + b"\n")
' "$sock" "$log"
    fi
    # The socket must exist before the launcher tries to connect to it. A bound for a hang, not a speed: with
    # test classes starting buses in parallel forks, 3 s (2-3 s, SECONDS counts whole seconds) once ran out.
    local deadline=$((SECONDS + 10))
    while [[ ! -S "$sock" ]]; do
        if ! is_running "$SPAWNED_PID" 0 || ((SECONDS >= deadline)); then
            fail 1 "journal receiver did not start: $(last_line "$dir/journal-receiver.log")"
        fi
        sleep 0.05
    done
}

# mkdir_recorded DIR PATH: mkdir -p PATH, listing every directory actually
# created in DIR/created so 'down' can remove them again.
mkdir_recorded() {
    local dir=$1 path=$2 p
    local -a missing=()
    p=$path
    while [[ ! -e "$p" ]]; do
        missing=("$p" "${missing[@]}")
        p=$(dirname "$p")
    done
    for p in "${missing[@]}"; do
        mkdir "$p" || fail 1 "cannot create $p"
        printf '%s\n' "$p" >>"$dir/created"
    done
}

# broker_reason: the most useful line explaining a launcher failure.
BROKER_DIR=""
broker_reason() {
    local msg
    msg=$(grep -a '^MESSAGE=' "$BROKER_DIR/broker-journal.log" 2>/dev/null | tail -n 1 || true)
    msg=${msg#MESSAGE=}
    [[ -n "$msg" ]] || msg=$(last_line "$BROKER_DIR/broker-launch.log")
    [[ -n "$msg" ]] || msg="no log output (see $BROKER_DIR)"
    printf '%s' "$msg"
}

up_dbus_broker() {
    local dir=$1 deadline=$2 t
    for t in dbus-broker-launch dbus-broker systemd-socket-activate; do
        have "$t" || fail 3 "$t not installed (needed for dbus-broker)"
    done
    have socat || have python3 || fail 3 "neither socat nor python3 installed (needed for the broker's journal receiver)"

    local sock="$dir/bus.sock" jsock="$dir/journal.sock" jlog="$dir/broker-journal.log"
    check_socket_path "$sock"
    check_socket_path "$dir/parent.sock"
    check_socket_path "$jsock"
    BROKER_DIR=$dir
    : >"$dir/broker-launch.log"

    # 3. Decide how the launcher gets its journal socket (before starting anything).
    local journal_mode
    if can_unshare "$dir"; then
        journal_mode=namespace
    elif journal_works; then
        journal_mode=host
    elif [[ ! -e "$JOURNAL_SOCKET" && ! -L "$JOURNAL_SOCKET" ]]; then
        journal_mode=created
    else
        fail 3 "dbus-broker needs $JOURNAL_SOCKET: it exists but is not a working datagram socket, and unshare --mount is not permitted"
    fi
    printf '%s\n' "$journal_mode" >"$dir/broker-journal.mode"

    # 2. Throwaway parent bus for the launcher's systemd subscription.
    start_dbus_daemon "$dir" parent "$CONFIG_DIR/session-unix.conf.in" \
        "unix:path=$(dbus_escape "$dir/parent.sock")" "$deadline"
    local parent_address=$DAEMON_ADDRESS

    # The broker's own config (its <listen> is ignored: the socket is passed in).
    render_config "$CONFIG_DIR/session-unix.conf.in" \
        "unix:path=$(dbus_escape "$sock")" "$dir/bus.conf" "$POLICY_FILE"

    # 1. Socket activation: systemd-socket-activate binds SOCK at once and execs the
    # launcher (same pid) on the first connection, i.e. on our readiness probe.
    local -a launch=(systemd-socket-activate -l "$sock" -E DBUS_SESSION_BUS_ADDRESS
        dbus-broker-launch --scope user --config-file "$dir/bus.conf")

    case "$journal_mode" in
        namespace)
            start_journal_receiver "$dir" "$jsock" "$jlog"
            # Inside the namespace: tmpfs over the innermost existing directory of
            # /run/systemd/journal, then the symlink. mount -n: no /run/mount/utab.
            local target=/run/systemd/journal
            if [[ ! -d "$target" ]]; then
                target=/run/systemd
                [[ -d "$target" ]] || target=/run
            fi
            case "$dir/" in
                "$target"/*) fail 3 "DIR must not be under $target (the broker's private mount hides it)" ;;
            esac
            # shellcheck disable=SC2016  # the inner script expands its own arguments
            spawn "$dir" dbus-broker-launch "$dir/broker-launch.log" \
                env DBUS_SESSION_BUS_ADDRESS="$parent_address" \
                unshare --mount --propagation private -- /bin/sh -c '
                    set -e
                    target=$1 jsock=$2
                    shift 2
                    mount -n -t tmpfs -o mode=0755,size=64k lab-bus-journal "$target"
                    mkdir -p /run/systemd/journal
                    ln -s "$jsock" /run/systemd/journal/socket
                    exec "$@"' sh "$target" "$jsock" "${launch[@]}"
            ;;
        host)
            printf 'logging to the host journal (%s), unshare not permitted\n' "$JOURNAL_SOCKET" >>"$jlog"
            spawn "$dir" dbus-broker-launch "$dir/broker-launch.log" \
                env DBUS_SESSION_BUS_ADDRESS="$parent_address" \
                "${launch[@]}"
            ;;
        created)
            mkdir_recorded "$dir" "$(dirname "$JOURNAL_SOCKET")"
            printf '%s\n' "$JOURNAL_SOCKET" >>"$dir/created"
            start_journal_receiver "$dir" "$JOURNAL_SOCKET" "$jlog"
            spawn "$dir" dbus-broker-launch "$dir/broker-launch.log" \
                env DBUS_SESSION_BUS_ADDRESS="$parent_address" \
                "${launch[@]}"
            ;;
    esac
    local launcher_pid=$SPAWNED_PID

    # Wait for the socket, then for a real round trip (which activates the launcher).
    while [[ ! -S "$sock" ]]; do
        is_running "$launcher_pid" 0 || fail 1 "dbus-broker launcher exited during start-up: $(broker_reason)"
        ((SECONDS < deadline)) || fail 1 "dbus-broker socket did not appear within ${READY_TIMEOUT}s: $(broker_reason)"
        sleep 0.05
    done
    BUS_ADDRESS="unix:path=$(dbus_escape "$sock")"
    wait_ready "$BUS_ADDRESS" "$deadline" "dbus-broker" broker_reason "$launcher_pid" "$DAEMON_PID"

    # Record the broker itself too. It dies with the launcher (PR_SET_PDEATHSIG)
    # and shares its process group, but 'down' should not rely on either alone.
    local child
    for child in $(pgrep -P "$launcher_pid" 2>/dev/null || true); do
        record_pid "$dir" "$child" dbus-broker
    done
}

# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------

# EXIT trap of 'up': an error that set -e turned into an exit still cleans up.
on_up_exit() {
    local rc=$?
    ((rc == 0)) || fail "$rc" "unexpected error (exit $rc), see logs in $INSTANCE_DIR"
}

# usage_error MESSAGE: one line, exit 2.
usage_error() {
    printf '%s: %s (usage: bus.sh up TRANSPORT DIR | bus.sh down DIR | bus.sh --help)\n' "$PROG" "$1" >&2
    exit 2
}

cmd_up() {
    (($# == 2)) || usage_error "'up' takes TRANSPORT and DIR"
    local transport=$1 dir=$2
    case "$transport" in
        dbus-daemon | dbus-broker | dbus-daemon-tcp) ;;
        *) usage_error "unknown transport '$transport' (dbus-daemon, dbus-broker, dbus-daemon-tcp)" ;;
    esac
    local variable
    for variable in LAB_BUS_MAX_REPLIES LAB_BUS_MAX_OUTGOING_BYTES LAB_BUS_MAX_CONNECTIONS_PER_USER; do
        if [[ -n "${!variable:-}" && ! "${!variable}" =~ ^[1-9][0-9]{0,8}$ ]]; then
            usage_error "$variable must be a whole number >= 1, got '${!variable}'"
        fi
    done
    have dbus-daemon || { printf '%s: dbus-daemon not installed\n' "$PROG" >&2; exit 3; }
    have setsid || { printf '%s: setsid not installed\n' "$PROG" >&2; exit 3; }
    PROBE=$(probe_tool) || { printf '%s: no D-Bus client to probe with (dbus-send, gdbus or busctl)\n' "$PROG" >&2; exit 3; }

    mkdir -p -- "$dir" 2>/dev/null || { printf '%s: cannot create %s\n' "$PROG" "$dir" >&2; exit 1; }
    dir=$(cd -- "$dir" && pwd -P)
    chmod 0700 "$dir"
    if any_running "$dir"; then
        printf '%s: a bus is already running in %s (lab/bus.sh down %s first)\n' "$PROG" "$dir" "$dir" >&2
        exit 1
    fi
    rm -f "$dir/pids" "$dir/address" "$dir/created"

    INSTANCE_DIR=$dir
    # Interrupted or an unexpected error: leave nothing running.
    trap 'fail 1 "interrupted"' INT TERM
    trap on_up_exit EXIT

    printf '%s\n' "$transport" >"$dir/transport"
    local deadline=$((SECONDS + READY_TIMEOUT))
    BUS_ADDRESS=""
    case "$transport" in
        dbus-daemon) up_dbus_daemon "$dir" "$deadline" ;;
        dbus-daemon-tcp) up_dbus_daemon_tcp "$dir" "$deadline" ;;
        dbus-broker) up_dbus_broker "$dir" "$deadline" ;;
    esac

    printf '%s\n' "$BUS_ADDRESS" >"$dir/address"
    trap - EXIT INT TERM
    printf '%s\n' "$BUS_ADDRESS"
}

cmd_down() {
    (($# == 1)) || usage_error "'down' takes DIR"
    local dir=$1
    # Nothing to do for a directory that is gone: 'down' is idempotent.
    [[ -d "$dir" ]] || return 0
    stop_instance "$dir"
}

main() {
    (($# >= 1)) || usage_error "no command"
    local cmd=$1
    shift
    case "$cmd" in
        up) cmd_up "$@" ;;
        down) cmd_down "$@" ;;
        -h | --help | help) usage ;;
        *) usage_error "unknown command '$cmd'" ;;
    esac
}

main "$@"
