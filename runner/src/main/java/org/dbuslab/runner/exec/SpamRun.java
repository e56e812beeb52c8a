package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One libdbus {@code dbus-test-tool spam} process: COUNT calls of the payload file's bytes to DEST, QUEUE in
 * flight. spam cannot time itself, so lab/timed-run.py times it from before its fork to after it has been
 * reaped (start, connect, calls, exit; the fixed cost of the same with --count=1 is subtracted by the
 * analysis) and reports its rusage (user + sys, all threads), which is the run's client CPU.
 * spam exits 0 even when replies are errors; it prints "Failed to receive reply #N: ..." for each, which is
 * what is counted. A spam that exits non-zero or hangs (killed after the timeout) counts all its calls as
 * errors.
 */
public final class SpamRun {

    static final String FAILED_REPLY = "Failed to receive reply";
    private static final Pattern RESULT = Pattern.compile(
        "elapsed_ns=(\\d+) cpu_ns=(\\d+) status=(\\d+) timed_out=([01])");
    /**
     * The python3 interpreter itself: a version manager's shim (pyenv's is a shell script) costs 0.25 s per
     * start here against 0.02 s, and a block starts six spam processes per spam cell.
     */
    static final String PYTHON = interpreter();

    /** Beyond timed-run.py's own timeout and KILL grace: only a wrapper that itself hangs waits this long. */
    private static final Duration OUTER_SLACK = Duration.ofSeconds(15);

    /** What one spam process did. status 124 when it was killed for taking longer than the timeout. */
    public record Result(long elapsedNs, long cpuNs, int status, boolean timedOut, int failedReplies,
                         String lastComplaint, int calls) {
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

    private final Supervisor supervisor;
    private final Path timedRun;
    private final Path scratch;
    private final Duration timeout;
    private final CpuPlacement.Cpus cpus;

    /** TIMEDRUN = lab/timed-run.py; SCRATCH = a private temp folder for the per-run stderr and result. */
    public SpamRun(Supervisor supervisor, Path timedRun, Path scratch, Duration timeout, CpuPlacement.Cpus cpus) {
        this.supervisor = supervisor;
        this.timedRun = timedRun;
        this.scratch = scratch;
        this.timeout = timeout;
        this.cpus = cpus;
    }

    public Duration timeout() {
        return timeout;
    }

    /** The command line as logs/*.cmd records it. */
    public static List<String> spamCommand(String dest, int count, int queue) {
        return List.of("dbus-test-tool", "spam", "--dest=" + dest, "--count=" + count, "--queue=" + queue,
            "--bytes", "--stdin");
    }

    /**
     * One spam process on bus ADDRESS. Its stderr is appended to ERRLOG under a header line
     * "== LABEL: exit N, T ns" (so a cell's log holds all its runs, as before).
     */
    public Result once(String address, String dest, int count, int queue, Path payload, Path errLog, String label)
        throws IOException, InterruptedException {
        Path base = scratch.resolve("spam");
        Path result = scratch.resolve("spam.result");
        Files.deleteIfExists(result);
        List<String> command = new ArrayList<>(List.of(PYTHON, timedRun.toString(),
            "--timeout", Long.toString(timeout.toSeconds()), "--result", result.toString(),
            "--stdin", payload.toString(), "--"));
        command.addAll(spamCommand(dest, count, queue));
        Launch launch = Launch.of(base, command).withEnvironment("DBUS_SESSION_BUS_ADDRESS", address).on(cpus);
        Child child = supervisor.start("spam", launch);
        OptionalInt exit;
        try {
            exit = child.waitFor(timeout.plus(OUTER_SLACK));
        } finally {
            supervisor.stop(child);
        }
        String stderr = Files.exists(launch.err()) ? Files.readString(launch.err(), StandardCharsets.UTF_8) : "";
        Result r = parse(result, exit, stderr, count);
        Files.writeString(errLog, "== " + label + ": exit " + r.status() + ", " + r.elapsedNs() + " ns\n" + stderr,
            StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return r;
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

    static Result parse(Path resultFile, OptionalInt wrapperExit, String stderr, int count) throws IOException {
        String last = Logs.lastLineOf(stderr);
        int failed = countFailedReplies(stderr);
        String line = Files.exists(resultFile) ? Files.readString(resultFile, StandardCharsets.UTF_8).trim() : "";
        Matcher m = RESULT.matcher(line);
        if (wrapperExit.isEmpty() || !m.matches()) {
            // the wrapper itself hung or died: the run is a failure with every call an error
            return new Result(0, 0, wrapperExit.isEmpty() ? 124 : wrapperExit.getAsInt(), wrapperExit.isEmpty(),
                failed, last.isEmpty() ? "timed-run.py reported nothing" : last, count);
        }
        boolean timedOut = m.group(4).equals("1");
        int status = timedOut ? 124 : Integer.parseInt(m.group(3));
        return new Result(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), status, timedOut, failed, last,
            count);
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

    /** The median of the fixed-cost samples (the lower one of an even count, as run-all.sh took it). */
    public static long median(List<Long> samples) {
        List<Long> sorted = samples.stream().sorted().toList();
        return sorted.get((sorted.size() - 1) / 2);
    }
}
