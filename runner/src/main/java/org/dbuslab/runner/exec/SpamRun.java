package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One libdbus spam process: COUNT calls of the payload file's bytes to DEST, QUEUE in flight. The program is the
 * lab's peers/build/libdbus-spam ({@link LibraryPrograms#spamProgram}), which makes {@code dbus-test-tool spam
 * --bytes --stdin}'s calls without keeping every reply; any program with spam's options and error lines will do
 * (the tests use dbus-test-tool spam itself). lab/timed-run.py (one --serve process per session, {@link SpamTimer})
 * times it from before its fork to after it has been reaped (start, connect, calls, exit) and reports its rusage
 * (user + sys, all threads), which is the run's client CPU. libdbus-spam also times its calls alone
 * ({@code --print-elapsed}, {@link Result#callsNs}): where the program does ({@link #timesItsCalls}), that is the run's
 * time, and a session runs no other (dbus-test-tool spam cannot: the tests use it for the process timing alone).
 * spam exits 0 even when replies are errors; it prints "Failed to receive reply #N: ..." for each, which is
 * what is counted. A spam that exits non-zero or hangs (killed after the timeout) counts all its calls as
 * errors.
 */
public final class SpamRun implements AutoCloseable {

    static final String FAILED_REPLY = "Failed to receive reply";
    private static final Pattern RESULT = Pattern.compile(
        "elapsed_ns=(\\d+) cpu_ns=(\\d+) status=(\\d+) timed_out=([01])");
    /** libdbus-spam --print-elapsed's one stdout line: the calls' time and the process's CPU over them. */
    private static final Pattern CALLS_ELAPSED = Pattern.compile("elapsed_ns=(\\d+) cpu_ns=(\\d+)");
    /** The option that makes libdbus-spam print its calls' time. */
    static final String PRINT_ELAPSED = "--print-elapsed";
    /**
     * The python3 interpreter itself: a version manager's shim (pyenv's is a shell script) costs 0.25 s per
     * start here against 0.02 s, and a block starts a spam process per run of every spam cell.
     */
    static final String PYTHON = interpreter();

    /** Beyond timed-run.py's own timeout and KILL grace: only a timer that itself hangs waits this long. */
    private static final Duration OUTER_SLACK = Duration.ofSeconds(15);

    /**
     * What one spam process did. status 124 when it was killed for taking longer than the timeout. callsNs and
     * callsCpuNs: the calls' own time (first send to last reply) and the process's CPU over them, as the program
     * printed them; -1 when it printed none. cpuNs is the whole process's.
     */
    public record Result(long elapsedNs, long cpuNs, int status, boolean timedOut, int failedReplies,
                         String lastComplaint, int calls, long callsNs, long callsCpuNs) {
        /** Calls counted as errors: each error reply, or every call when spam failed or hung. */
        public int errors() {
            return ok() ? failedReplies : calls;
        }

        /** spam exited 0 (its error replies aside). */
        public boolean ok() {
            return status == 0 && !timedOut;
        }

        /** "spam exit N (timed out after S s): last complaint", for skipped.tsv and the session log. */
        public String describeFailure(Duration timeout) {
            return "spam exit " + status + (timedOut ? " (timed out after " + timeout.toSeconds() + "s)" : "")
                + ": " + lastComplaint;
        }
    }

    private final SpamTimer timer;
    private final List<String> program;
    private final Path scratch;
    private final Duration timeout;
    private final boolean timesItsCalls;

    /**
     * TIMEDRUN = lab/timed-run.py, started once as the session's timer (--serve) on the client's CPUS;
     * SCRATCH = a private temp folder for the per-run stdout and stderr and the timer's own log; PROGRAM = the spam
     * command before its arguments; TIMES_ITS_CALLS: whether it takes {@value #PRINT_ELAPSED} (libdbus-spam does,
     * dbus-test-tool spam does not).
     */
    public SpamRun(Supervisor supervisor, Path timedRun, Path scratch, Duration timeout, CpuPlacement.Cpus cpus,
                   List<String> program, boolean timesItsCalls) {
        this.program = List.copyOf(program);
        this.timesItsCalls = timesItsCalls;
        this.timer = new SpamTimer(supervisor, List.of(PYTHON, timedRun.toString(), "--serve"),
            scratch.resolve("spam-timer"), cpus);
        this.scratch = scratch;
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Whether each run's {@link Result#callsNs} is the calls' own time (else -1, and only the process is timed). */
    public boolean timesItsCalls() {
        return timesItsCalls;
    }

    /** PROGRAM's command line for one run, as logs/*.cmd records it. */
    public static List<String> spamCommand(List<String> program, String dest, int count, int queue) {
        List<String> command = new java.util.ArrayList<>(program);
        command.addAll(List.of("--dest=" + dest, "--count=" + count, "--queue=" + queue, "--bytes", "--stdin"));
        return command;
    }

    /**
     * One spam process on bus ADDRESS, timed by the session's timer process. Its stderr is appended to ERRLOG
     * under a header line "== LABEL: exit N, T ns" (so a cell's log holds all its runs, as before).
     */
    public Result once(String address, String dest, int count, int queue, Path payload, Path errLog, String label)
        throws IOException, InterruptedException {
        Path out = scratch.resolve("spam.out");
        Path err = scratch.resolve("spam.err");
        Files.deleteIfExists(err);
        Files.deleteIfExists(out);
        List<String> command = spamCommand(program, dest, count, queue);
        if (timesItsCalls) {
            command.add(PRINT_ELAPSED);
        }
        String reply = timer.time(command, timeout, payload, out, err,
            Map.of("DBUS_SESSION_BUS_ADDRESS", address), timeout.plus(OUTER_SLACK));
        String stderr = Files.exists(err) ? Files.readString(err, StandardCharsets.UTF_8) : "";
        String stdout = timesItsCalls && Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
        Result r = parse(reply, stderr, count, stdout);
        Files.writeString(errLog, "== " + label + ": exit " + r.status() + ", " + r.elapsedNs() + " ns\n" + stderr,
            StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return r;
    }

    /** Stops the timer process (the Supervisor would at the session's end anyway). */
    @Override
    public void close() {
        timer.close();
    }

    /** The timer processes started so far: 1 for a session in which none hung. */
    public int timerProcesses() {
        return timer.processesStarted();
    }

    private static String interpreter() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import sys; print(sys.executable)")
                .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0
                && java.nio.file.Files.isExecutable(Path.of(out))) {
                return out;
            }
        } catch (IOException e) {
            // python3 as found on PATH, below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "python3";
    }

    /**
     * REPLY: the timer's result line, or null when it did not answer (it hung or died); STDOUT: the program's, where
     * a --print-elapsed line gives the calls' time (a run that printed none, or anything else, has none: -1).
     */
    static Result parse(String reply, String stderr, int count, String stdout) {
        Matcher calls = CALLS_ELAPSED.matcher(stdout.strip());
        long callsNs = calls.matches() ? parseOrMinusOne(calls.group(1)) : -1;
        long callsCpuNs = callsNs > 0 ? parseOrMinusOne(calls.group(2)) : -1;
        String last = Logs.lastLineOf(stderr);
        int failed = countFailedReplies(stderr);
        Matcher m = RESULT.matcher(reply == null ? "" : reply.trim());
        if (!m.matches()) {
            // the timer itself hung, died or could not run spam: the run is a failure with every call an error
            String why = reply == null ? "timed-run.py reported nothing" : "timed-run.py: " + reply;
            return new Result(0, 0, reply == null ? 124 : 127, reply == null, failed, last.isEmpty() ? why : last, count,
                -1, -1);
        }
        boolean timedOut = m.group(4).equals("1");
        int status = timedOut ? 124 : Integer.parseInt(m.group(3));
        return new Result(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), status, timedOut, failed, last,
            count, status == 0 && !timedOut ? callsNs : -1, status == 0 && !timedOut ? callsCpuNs : -1);
    }

    /** A printed count of ns; -1 when it does not fit a long (a program gone wrong), or is 0 (no time, no CPU: none). */
    private static long parseOrMinusOne(String digits) {
        try {
            long ns = Long.parseLong(digits);
            return ns > 0 ? ns : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static int countFailedReplies(String stderr) {
        int n = 0;
        for (String line : stderr.split("\n", -1)) {
            if (line.contains(FAILED_REPLY)) {
                n++;
            }
        }
        return n;
    }
}
