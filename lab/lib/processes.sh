# shellcheck shell=bash
# Process control, and a process's last complaint, shared by the lab's shell drivers (run-jmh.sh,
# run-scenarios.sh), sourced by each; run-all.sh's session runner supervises in Java (runner exec.Supervisor).
# The sourcing script provides PROG, STOP_GRACE (s between TERM and KILL), say MESSAGE, and cleanup (stops
# what it started); install_cleanup_traps makes sure cleanup runs once, whatever ends the script.

# last_line FILE: last non-blank line (a process's final complaint). Lines that
# start with white space are skipped: in a Java stack trace they are the frames
# ("\tat ...", "\t... 16 more"); the exception line above them says what happened.
last_line() {
    [[ -s "$1" ]] || return 0
    grep -a -v -e '^[[:space:]]' -e '^$' "$1" | tail -n 1 || true
}

# alive PID: exists and is not a zombie.
alive() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    [[ "${stat%% *}" != Z && "${stat%% *}" != X ]]
}

# stop_pid PID: TERM its process group and itself (every child the drivers start leads a group of its own:
# servers under setsid, clients under 'timeout', JMH and scenario children likewise), wait up to STOP_GRACE,
# KILL, reap, so nothing is left even as a zombie. It waits only for a process that still exists (running or
# a zombie): once, a Ctrl-C that landed as a short client exited left the cleanup blocked in wait4(-1) before
# the servers were stopped; a 'wait' for a child bash has already reaped behind its back can block so.
stop_pid() {
    local pid=$1 deadline
    [[ -n "$pid" ]] || return 0
    if alive "$pid"; then
        kill -TERM -- "-$pid" 2>/dev/null || true
        kill -TERM "$pid" 2>/dev/null || true
        deadline=$((SECONDS + STOP_GRACE))
        while alive "$pid" && ((SECONDS < deadline)); do sleep 0.1; done
        if alive "$pid"; then
            kill -KILL -- "-$pid" 2>/dev/null || true
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    if [[ -e "/proc/$pid" ]]; then
        wait "$pid" 2>/dev/null || true
    fi
}

# install_cleanup_traps WHAT: on exit run cleanup once; on INT or TERM say "interrupted by SIGx; WHAT" and
# exit 130 or 143 (which runs cleanup).
install_cleanup_traps() {
    LAB_INTERRUPTED_WHAT=$1
    trap lab_on_exit EXIT
    trap 'lab_on_signal INT' INT
    trap 'lab_on_signal TERM' TERM
}

lab_on_exit() {
    local rc=$?
    trap - EXIT
    # A second Ctrl-C must not cut the cleanup short (it is bounded by STOP_GRACE).
    trap '' INT TERM
    cleanup
    exit "$rc"
}

lab_on_signal() {
    # Ignore repeats from here on: the EXIT trap's cleanup must run to its end.
    trap '' INT TERM
    say ""
    say "$PROG: interrupted by SIG$1; $LAB_INTERRUPTED_WHAT"
    if [[ "$1" == INT ]]; then exit 130; else exit 143; fi
}
