#!/usr/bin/env python3
"""Run commands, each timed from before its fork to after it has been reaped, with its own CPU time.

    timed-run.py --timeout S --result FILE [--stdin FILE] -- COMMAND...
    timed-run.py --serve

The session runner times each libdbus spam process (peers/build/libdbus-spam) with this: a JVM cannot read the
rusage of a child that has exited, wait4() returns it. The time includes process start, connect, the
calls and exit, as the shell's timing of spam always did. After S seconds the command gets TERM, 5 s
later KILL (spam waits forever for a lost reply); it then counts as timed out.

One-shot: FILE gets one line: elapsed_ns=N cpu_ns=N status=N timed_out=0|1
(status: the exit code, or 128 + N for signal N). This script exits with the same status.

--serve: one process for a whole session, so no run pays a python start (about 1 s per spam run on a
loaded 2-core machine). Each line on stdin is one JSON object
    {"timeout": S, "argv": [...], "stdin": FILE, "stdout": FILE, "stderr": FILE, "env": {NAME: VALUE}}
(stdin, stdout, stderr and env optional: /dev/null, /dev/null, inherited, none added); each gets exactly one
line on stdout, the one-shot result line above, or "error=TEXT" for a line that is not such an object.
Ends at the end of stdin; TERM kills the running command (if any), reaps it, then ends.
"""
import argparse
import json
import os
import signal
import sys
import time

KILL_GRACE_S = 5


class Timer:
    """Forks, execs and reaps one command at a time; TERM and the timeout are handled per command."""

    def __init__(self):
        self.child = 0
        self.timed_out = False
        self.stopping = False
        signal.signal(signal.SIGALRM, self._on_alarm)
        signal.signal(signal.SIGTERM, self._on_term)

    def _on_alarm(self, _signum, _frame):
        if not self.child:
            return
        if not self.timed_out:
            self.timed_out = True
            os.kill(self.child, signal.SIGTERM)
            signal.setitimer(signal.ITIMER_REAL, KILL_GRACE_S)
        else:
            os.kill(self.child, signal.SIGKILL)

    def _on_term(self, _signum, _frame):
        # the runner stops us: stop the command too, then go on waiting for it (or end at once when idle)
        self.stopping = True
        if self.child:
            os.kill(self.child, signal.SIGKILL)
        else:
            sys.exit(128 + signal.SIGTERM)

    def run(self, argv, timeout, stdin="/dev/null", stdout=None, stderr=None, env=None):
        """Returns (elapsed_ns, cpu_ns, status, timed_out)."""
        fds = []
        try:
            fds.append(os.open(stdin, os.O_RDONLY))
            if stdout is not None:
                fds.append(os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
            if stderr is not None:
                fds.append(os.open(stderr, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        except OSError:
            for fd in fds:
                os.close(fd)
            raise
        self.timed_out = False
        t0 = time.monotonic_ns()
        child = os.fork()
        if child == 0:
            try:
                os.dup2(fds[0], 0)
                if stdout is not None:
                    os.dup2(fds[1], 1)
                if stderr is not None:
                    os.dup2(fds[-1], 2)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGALRM, signal.SIG_DFL)
                environment = dict(os.environ)
                environment.update(env or {})
                os.execvpe(argv[0], argv, environment)
            except OSError as e:
                os.write(2, f"timed-run.py: cannot run {argv[0]}: {e.strerror}\n".encode())
            os._exit(127)
        self.child = child
        for fd in fds:
            os.close(fd)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        _, wait_status, usage = os.wait4(child, 0)  # retried after each signal handler (PEP 475)
        t1 = time.monotonic_ns()
        signal.setitimer(signal.ITIMER_REAL, 0)
        self.child = 0
        if os.WIFSIGNALED(wait_status):
            status = 128 + os.WTERMSIG(wait_status)
        else:
            status = os.WEXITSTATUS(wait_status)
        cpu_ns = round((usage.ru_utime + usage.ru_stime) * 1e9)
        return t1 - t0, cpu_ns, status, self.timed_out


def result_line(elapsed_ns, cpu_ns, status, timed_out):
    return f"elapsed_ns={elapsed_ns} cpu_ns={cpu_ns} status={status} timed_out={int(timed_out)}"


def command_of(line):
    """The keyword arguments of Timer.run from one JSON line; ValueError for anything else."""
    c = json.loads(line)
    if not isinstance(c, dict):
        raise ValueError("not a JSON object")
    argv = c.get("argv")
    if not isinstance(argv, list) or not argv or not all(isinstance(a, str) and a for a in argv):
        raise ValueError("argv must be a non-empty list of non-empty strings")
    timeout = c.get("timeout")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 86400:
        raise ValueError("timeout must be a number of seconds in (0, 86400]")
    out = {"argv": argv, "timeout": float(timeout)}
    for name in ("stdin", "stdout", "stderr"):
        if name in c:
            if not isinstance(c[name], str) or not c[name]:
                raise ValueError(name + " must be a file name")
            out[name] = c[name]
    env = c.get("env", {})
    if not isinstance(env, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
        raise ValueError("env must map names to strings")
    out["env"] = env
    return out


def serve():
    timer = Timer()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = result_line(*timer.run(**command_of(line)))
        except (ValueError, OSError) as e:
            reply = "error=" + " ".join(str(e).split())
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()
        if timer.stopping:
            sys.exit(128 + signal.SIGTERM)


def main():
    if sys.argv[1:] == ["--serve"]:
        serve()
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, required=True)
    parser.add_argument("--result", required=True)
    parser.add_argument("--stdin", default="/dev/null")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    elapsed_ns, cpu_ns, status, timed_out = Timer().run(command, args.timeout, stdin=args.stdin)
    with open(args.result, "w") as out:
        out.write(result_line(elapsed_ns, cpu_ns, status, timed_out) + "\n")
    sys.exit(status)


if __name__ == "__main__":
    main()
