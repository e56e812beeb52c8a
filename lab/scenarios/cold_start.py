#!/usr/bin/env python3
"""Cold-start runner: runs one contender's command R times, one process after another, and appends a row per
run to scenarios/cold-start.csv.

What is measured, and why this way:
- wall: time.monotonic_ns() from just before the fork to the reap of the process.
- user/sys CPU: os.wait4()'s rusage, in microseconds. GNU time prints hundredths of a second, truncated, which
  reads 0.00 for busctl.
- peak RSS: from /usr/bin/time -f %M, which the command runs under. Not from our own wait4: a child forked from
  this Python process inherits its memory until exec, and the kernel keeps that high-water mark (~15 MB) in
  ru_maxrss; GNU time is a tiny process, so its child's figure is the command's own.
  The CPU and wall figures therefore include GNU time's own start (well under 1 ms; the 'baseline' contender,
  /bin/true, shows the floor). Without /usr/bin/time the command runs directly and peak RSS is left empty.

Usage: cold_start.py --bus B --contender NAME --runs R --warmup W --expect TEXT --csv FILE -- COMMAND...
A run is ok when the command exits 0 within --timeout and its stdout contains TEXT. Exit 1 if any run failed.
"""
import argparse
import datetime
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

HEADER = "bus,contender,phase,run,wall_ns,user_us,sys_us,max_rss_kb,exit_code,ok,started_utc\n"


GNU_TIME = "/usr/bin/time"


def run_once(command, timeout_s, expect):
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as rss:
        if os.access(GNU_TIME, os.X_OK):
            command = [GNU_TIME, "-q", "-f", "%M", "-o", rss.name] + command
        t0 = time.monotonic_ns()
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        timer = threading.Timer(timeout_s, lambda: proc.send_signal(signal.SIGKILL))
        timer.start()
        try:
            _, status, rusage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        wall = time.monotonic_ns() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here; keep Popen from waiting again
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
        err.seek(0)
        why = err.read().decode("utf-8", "replace").strip().splitlines()
        rss.seek(0)
        max_rss = rss.read().strip().splitlines()
    ok = proc.returncode == 0 and expect in text
    peak = max_rss[-1] if max_rss and max_rss[-1].isdigit() else ""
    return wall, rusage, peak, proc.returncode, ok, (why[-1] if why else text.strip()[:200])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bus", required=True)
    p.add_argument("--contender", required=True)
    p.add_argument("--runs", type=int, default=100)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--expect", required=True, help="text every run's stdout must contain")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds one run may take")
    p.add_argument("--csv", required=True)
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command or a.runs < 1 or a.warmup < 0:
        p.error("need a COMMAND after --, --runs >= 1, --warmup >= 0")

    new = not os.path.exists(a.csv) or os.path.getsize(a.csv) == 0
    failures, walls = 0, []
    with open(a.csv, "a", encoding="utf-8") as csv:
        if new:
            csv.write(HEADER)
        plan = [("warmup", i) for i in range(1, a.warmup + 1)] + [("measure", i) for i in range(1, a.runs + 1)]
        for phase, i in plan:
            started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")
            wall, ru, peak, code, ok, why = run_once(command, a.timeout, a.expect)
            user_us = round(ru.ru_utime * 1e6)
            sys_us = round(ru.ru_stime * 1e6)
            csv.write(f"{a.bus},{a.contender},{phase},{i},{wall},{user_us},{sys_us},{peak},{code},"
                      f"{'true' if ok else 'false'},{started}\n")
            csv.flush()
            if phase == "measure":
                walls.append(wall)
            if not ok:
                failures += 1
                print(f"cold_start: {a.contender} run {phase}-{i} failed (exit {code}): {why}", file=sys.stderr)
    walls.sort()
    print(f"{a.bus} {a.contender}: {a.runs} runs, median {walls[len(walls) // 2] / 1e6:.1f} ms, {failures} failed",
          file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
