package org.dbuslab.runner.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.dbuslab.format.CollapsedStacks;

/**
 * {@code perf record} of native processes (the C peers, libdbus's tools, the buses): the software event cpu-clock every
 * {@link #PERIOD_NS} ns of CPU time (hardware events are not available on these VMs), call chains unwound from a copy
 * of the stack ({@code --call-graph dwarf}: Debian's GLib, libsystemd and libdbus have no frame pointers), then
 * {@code perf script} collapsed by {@link PerfScript}. Either attached to running processes ({@link #attach}, stopped
 * with SIGTERM, which perf record takes as "finish and write") or around one command ({@link #around}).
 */
public final class PerfRecord {

    public static final String NAME = "perf";
    public static final String EVENT = "cpu-clock";
    /** One sample per millisecond of CPU time, async-profiler's interval too, so samples of both tools are ms of CPU. */
    public static final long PERIOD_NS = 1_000_000;
    static final String CALL_GRAPH = "dwarf,8192";
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /** How long perf record takes to attach before the runs it should see begin. */
    static final Duration ATTACH = Duration.ofMillis(300);

    private final Process process;
    private final Path data;
    private final Path log;

    private PerfRecord(Process process, Path data, Path log) {
        this.process = process;
        this.data = data;
        this.log = log;
    }

    /** Null when perf can record cpu-clock here, else why not (one line); SCRATCH holds its probe. */
    public static String unavailable(Path scratch) throws InterruptedException {
        try {
            Files.createDirectories(scratch);
            Path data = scratch.resolve("probe.perf.data");
            Path err = scratch.resolve("probe.perf.err");
            Process p = new ProcessBuilder(record(data, List.of("--", "true"))).redirectErrorStream(true)
                .redirectOutput(err.toFile()).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "perf record did not finish a probe within 30 s";
            }
            String out = Files.readString(err, StandardCharsets.UTF_8).strip();
            Files.deleteIfExists(data);
            return p.exitValue() == 0 ? null : "perf record -e " + EVENT + " failed (exit " + p.exitValue() + "): "
                + firstLine(out);
        } catch (IOException e) {
            return "perf not usable: " + e.getMessage();
        }
    }

    /** perf record attached to PIDS (every thread of each), into DATA, its messages to LOG. */
    public static PerfRecord attach(List<Long> pids, Path data, Path log) throws IOException, InterruptedException {
        String list = pids.stream().map(String::valueOf).collect(Collectors.joining(","));
        Process p = new ProcessBuilder(record(data, List.of("-p", list))).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Thread.sleep(ATTACH.toMillis());
        if (!p.isAlive()) {
            throw new IOException("perf record -p " + list + " exited at once (" + p.exitValue() + "): "
                + firstLine(Files.readString(log, StandardCharsets.UTF_8)));
        }
        return new PerfRecord(p, data, log);
    }

    /** perf record around COMMAND (stdin from STDIN, ENV added), into DATA; {@link #awaitExit} then {@link #collapse}. */
    public static PerfRecord around(List<String> command, Path stdin, Map<String, String> env, Path data, Path log)
        throws IOException {
        List<String> args = new ArrayList<>(List.of("--"));
        args.addAll(command);
        ProcessBuilder b = new ProcessBuilder(record(data, args)).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(stdin.toFile());
        b.environment().putAll(env);
        return new PerfRecord(b.start(), data, log);
    }

    /** Waits at most TIMEOUT for the recorded command to end; its exit code (perf passes the command's on). */
    public int awaitExit(Duration timeout) throws IOException, InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            throw new IOException("perf record around its command did not end within " + timeout.toSeconds() + " s");
        }
        return process.exitValue();
    }

    /** Stops an attached perf record (SIGTERM: it writes its data and exits). */
    public void stop() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            throw new IOException("perf record did not stop within " + STOP_TIMEOUT.toSeconds() + " s");
        }
    }

    /** Kills perf record if it still runs (a failed pass), and removes its data. */
    public void abandon() {
        process.destroyForcibly();
        try {
            Files.deleteIfExists(data);
        } catch (IOException e) {
            // a temp file
        }
    }

    /** perf script of the data into BUILDER (then the data is removed); the samples read. */
    public long collapse(CollapsedStacks.Builder builder) throws IOException, InterruptedException {
        if (!Files.isRegularFile(data)) {
            throw new IOException("perf record wrote no data: " + firstLine(Files.readString(log, StandardCharsets.UTF_8)));
        }
        Process script = new ProcessBuilder("perf", "script", "-i", data.toString(), "-F", "comm,tid,ip,sym,dso")
            .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        long samples;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
            samples = PerfScript.collapse(in, builder);
        }
        if (!script.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            script.destroyForcibly();
            throw new IOException("perf script did not finish within " + STOP_TIMEOUT.toSeconds() + " s");
        }
        if (script.exitValue() != 0) {
            throw new IOException("perf script failed (exit " + script.exitValue() + "), see " + log);
        }
        Files.deleteIfExists(data);
        return samples;
    }

    /** "perf 6.1.x" as perf --version says, or "perf". */
    public static String describe() {
        try {
            Process p = new ProcessBuilder("perf", "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor(10, TimeUnit.SECONDS);
            return out.startsWith("perf version ") ? NAME + " " + out.substring("perf version ".length()) : NAME;
        } catch (IOException e) {
            return NAME;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NAME;
        }
    }

    private static List<String> record(Path data, List<String> target) {
        List<String> cmd = new ArrayList<>(List.of("perf", "record", "-q", "-e", EVENT, "-c", Long.toString(PERIOD_NS),
            "--call-graph", CALL_GRAPH, "-o", data.toString()));
        cmd.addAll(target);
        return cmd;
    }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
