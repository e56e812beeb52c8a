package org.dbuslab.runner.scale;

import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.runner.exec.Child;
import org.dbuslab.runner.exec.CpuMeter;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.Supervisor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One tool step: the scale jar's {@code clients} or {@code signals} as a supervised process, its stdout read line
 * by line. The tool prints a line as each run ends and starts the next run at once, so the CPU of the client, bus
 * and server between two lines is the CPU of the second line's run (read as the line arrives; the first line of
 * every point is its warm-up run, which also absorbs the connecting and the process start). Each line becomes a
 * scale-runs.csv row at once.
 */
final class ToolRun {

    /** What the step left: rows written, measured rows that were not clean, and the first problem (or null). */
    record Outcome(int rows, int unclean, String problem) {
        boolean failed() {
            return problem != null || unclean > 0;
        }
    }

    private static final Object END = new Object();

    private ToolRun() {
    }

    /**
     * Runs STEP (COMMAND is the whole command line) on CPUS (the placement's client CPU) within TIMEOUT; CPU of the
     * tool process, BUSPIDS and SERVERPIDS per run; rows to OUT/scale-runs.csv, each line's text also to DETAIL.
     */
    static Outcome run(Supervisor supervisor, List<String> command, CpuPlacement.Cpus cpus, Path logBase, int block,
                       List<Long> busPids, List<Long> serverPids, CpuMeter meter, Path out, Duration timeout,
                       Consumer<String> detail)
        throws IOException, InterruptedException {
        Child child = supervisor.start("scale:" + logBase.getFileName(),
            Launch.of(logBase, command).withPipes().on(cpus));
        child.stdin().close(); // the tools read nothing
        BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(child.stdout(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // stopped under us
            }
            lines.add(END);
        }, "scale-lines");
        reader.setDaemon(true);
        reader.start();
        List<Long> client = List.of(child.pid());
        CpuMeter.Reading cpu = meter.start(client, busPids, serverPids);
        long deadline = System.nanoTime() + timeout.toNanos();
        int rows = 0;
        int unclean = 0;
        String problem = null;
        while (true) {
            Object next = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (next == null) {
                supervisor.stop(child);
                return new Outcome(rows, unclean, "killed after " + timeout.toSeconds() + " s without finishing: "
                    + child.lastComplaint());
            }
            if (next == END) {
                break;
            }
            CpuMeter.Cpu used = cpu.stop();
            cpu = meter.start(client, busPids, serverPids);
            String line = (String) next;
            detail.accept("   " + line);
            try {
                ScaleRunsCsv.Row row = ToolLine.parse(line).row(block, Instant.now(), used);
                ScaleRunsCsv.append(out, row);
                rows++;
                if (row.measured() && !row.clean()) {
                    unclean++;
                    if (problem == null && !row.problem().equals("-")) {
                        problem = row.problem();
                    }
                }
            } catch (IllegalArgumentException e) {
                problem = problem != null ? problem : "unreadable line (" + e.getMessage() + "): " + line;
            }
        }
        int status = child.waitFor(Duration.ofSeconds(10)).orElse(124);
        supervisor.stop(child);
        if (status != 0 && status != 1) {
            problem = problem != null ? problem : "exit " + status + ": " + child.lastComplaint();
        }
        return new Outcome(rows, unclean, problem);
    }
}
