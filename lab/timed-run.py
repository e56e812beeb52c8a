#!/usr/bin/env python3
"""Run one command, timed from before its fork to after it has been reaped, with its own CPU time.

    timed-run.py --timeout S --result FILE [--stdin FILE] -- COMMAND...

The session runner times each libdbus 'dbus-test-tool spam' process with this: a JVM cannot read the
rusage of a child that has exited, wait4() returns it. The time includes process start, connect, the
calls and exit, as the shell's timing of spam always did. After S seconds the command gets TERM, 5 s
later KILL (spam waits forever for a lost reply); it then counts as timed out.

FILE gets one line: elapsed_ns=N cpu_ns=N status=N timed_out=0|1
(status: the exit code, or 128 + N for signal N). This script exits with the same status.
"""
import argparse
import os
import signal
import sys
import time

KILL_GRACE_S = 5


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, required=True)
    parser.add_argument("--result", required=True)
    parser.add_argument("--stdin", default="/dev/null")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")

    stdin = os.open(args.stdin, os.O_RDONLY)
    timed_out = False
    child = 0

    def on_alarm(_signum, _frame):
        nonlocal timed_out
        if not timed_out:
            timed_out = True
            os.kill(child, signal.SIGTERM)
            signal.setitimer(signal.ITIMER_REAL, KILL_GRACE_S)
        else:
            os.kill(child, signal.SIGKILL)

    def on_term(signum, _frame):
        # the runner stops us: stop the command too, then go on waiting for it
        os.kill(child, signal.SIGKILL)

    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGTERM, on_term)
    t0 = time.monotonic_ns()
    child = os.fork()
    if child == 0:
        try:
            os.dup2(stdin, 0)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            os.execvp(command[0], command)
        except OSError as e:
            os.write(2, f"timed-run.py: cannot run {command[0]}: {e.strerror}\n".encode())
            os._exit(127)
    signal.setitimer(signal.ITIMER_REAL, args.timeout)
    _, wait_status, usage = os.wait4(child, 0)  # retried after each signal handler (PEP 475)
    t1 = time.monotonic_ns()
    signal.setitimer(signal.ITIMER_REAL, 0)
    if os.WIFSIGNALED(wait_status):
        status = 128 + os.WTERMSIG(wait_status)
    else:
        status = os.WEXITSTATUS(wait_status)
    cpu_ns = round((usage.ru_utime + usage.ru_stime) * 1e9)
    with open(args.result, "w") as out:
        out.write(f"elapsed_ns={t1 - t0} cpu_ns={cpu_ns} status={status} timed_out={int(timed_out)}\n")
    sys.exit(status)


if __name__ == "__main__":
    main()
