package org.dbuslab.faults.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One process of the lab (a server or a client JVM) with its stdout and stderr in files of the case's folder, so
 * a full pipe can never block it and the test can read what it said at any time.
 */
public final class LabProcess implements AutoCloseable {

    /**
     * How a process ended: its exit code (-1 when the harness had to kill it), how long it ran, and when it was
     * seen to end (System.nanoTime), to time it from a fault.
     */
    public record Exit(int code, Duration elapsed, boolean killedByHarness, long endedAtNanos) {
        /** Time from {@code nanoTime} (e.g. when a fault was injected) until the process ended. */
        public Duration since(long nanoTime) {
            return Duration.ofNanos(endedAtNanos - nanoTime);
        }
    }

    private final String name;
    private final Process process;
    private final Path out;
    private final Path err;
    private final long startedNanos = System.nanoTime();

    private LabProcess(String name, Process process, Path out, Path err) {
        this.name = name;
        this.process = process;
        this.out = out;
        this.err = err;
    }

    static LabProcess start(String name, List<String> command, Path dir) {
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        try {
            Files.writeString(dir.resolve(name + ".cmd"), String.join(" ", command) + "\n");
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            return new LabProcess(name, process, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public void stall() {
        Signals.stop(pid());
    }

    public void resume() {
        Signals.cont(pid());
    }

    public void kill() {
        Signals.kill(pid());
    }

    /**
     * Waits at most {@code limit} for the process to end. A process still running then is hung: it is resumed (in
     * case it was stalled) and killed, and the exit says so, so a hang is an assertion failure, never a stuck build.
     */
    public Exit awaitExit(Duration limit) {
        try {
            boolean ended = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                resume();
                dumpThreads();
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new Exit(-1, sinceStart(), true, System.nanoTime());
            }
            return new Exit(process.exitValue(), sinceStart(), false, System.nanoTime());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + name, e);
        }
    }

    /** A hung JVM's threads, to NAME.threads in the case's folder: where it hangs is the first thing to know. */
    private void dumpThreads() {
        Path dump = out.resolveSibling(name + ".threads");
        try {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid()), "Thread.print").redirectErrorStream(true).redirectOutput(dump.toFile()).start();
            if (!jcmd.waitFor(20, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
            }
        } catch (IOException e) {
            // no jcmd: the hang is reported all the same
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The stacks of the hung JVM's non-daemon threads (main, DestroyJavaVM, shutdown hooks) from its thread dump,
     * where a process that should have ended waits; empty when there is no dump. The main and shutdown threads alone
     * gave nothing for a client hung in its exit (2026-12-07).
     */
    public String hungThreads() {
        Path dump = out.resolveSibling(name + ".threads");
        StringBuilder wanted = new StringBuilder();
        boolean keep = false;
        for (String line : read(dump)) {
            if (line.startsWith("\"")) {
                keep = !line.contains(" daemon ") || line.contains("shutdown");
            }
            if (keep) {
                wanted.append(line).append('\n');
            }
        }
        return wanted.toString();
    }

    /**
     * Every thread's stack now (jcmd Thread.print), without stopping the process: why a live process makes no
     * progress; jcmd's own complaint when it could not take the dump, empty without jcmd.
     */
    public String stacksNow() {
        try {
            Files.deleteIfExists(out.resolveSibling(name + ".threads")); // not an older dump
        } catch (IOException e) {
            return "";
        }
        dumpThreads();
        return String.join("\n", read(out.resolveSibling(name + ".threads")));
    }

    private Duration sinceStart() {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    public List<String> stdoutLines() {
        return read(out);
    }

    public List<String> stderrLines() {
        return read(err);
    }

    public String stderr() {
        return String.join("\n", stderrLines());
    }

    private static List<String> read(Path file) {
        try {
            if (!Files.exists(file)) {
                return List.of();
            }
            // Not Files.readString: a process may print bytes that are not UTF-8, which must not break the test.
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            return text.lines().filter(line -> !line.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Never leaves a process behind, stalled or not. */
    @Override
    public void close() {
        if (process.isAlive()) {
            resume();
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
