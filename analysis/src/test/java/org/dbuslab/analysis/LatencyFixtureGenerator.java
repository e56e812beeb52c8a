package org.dbuslab.analysis;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Makes the per-call latency logs of the fixture session the way the lab's client writes them
 * (HdrHistogram 2.2.2 HistogramLogWriter, one tagged interval histogram per run, nanoseconds, new
 * Histogram(3)), from a seeded random generator, and adds the latency_log and latency_tag columns to
 * runs.csv. The output is committed, so golden files do not depend on this generator staying the same.
 *
 * <p>Run once after changing the fixture's runs.csv (it must not yet have the latency columns):
 * {@code java -cp target/test-classes:target/classes:$HOME/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar
 * org.dbuslab.analysis.LatencyFixtureGenerator src/test/resources/fixtures/session}
 */
public final class LatencyFixtureGenerator {

    public static final long SEED = 20150430L;
    /** This cell keeps an empty latency_log, to show how a report handles latency that was not recorded. */
    private static final String UNRECORDED_CELL = "p2p-unix.async.1000.w16.c10000";

    private LatencyFixtureGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Path runsCsv = dir.resolve("runs.csv");
        String text = Files.readString(runsCsv, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(text.lines().toList());
        boolean lastComplete = text.endsWith("\n");
        if (lines.get(0).contains("latency_log")) {
            throw new IllegalStateException("runs.csv already has latency columns");
        }
        SplittableRandom random = new SplittableRandom(SEED);
        Map<String, List<Histogram>> logs = new LinkedHashMap<>();
        List<String> out = new ArrayList<>();
        out.add(lines.get(0) + ",latency_log,latency_tag");
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            String[] f = line.split(",", -1);
            if (i == lines.size() - 1 && !lastComplete) {
                out.add(line); // the interrupted writer's half line stays as it was
                continue;
            }
            String cell = f[0] + "." + f[1] + "." + f[2] + ".w" + f[3] + ".c" + f[4];
            if (cell.equals(UNRECORDED_CELL)) {
                out.add(line + ",,");
                continue;
            }
            String log = "latency/" + cell + ".hlog";
            String tag = f[10] + "-" + f[5];
            int window = Integer.parseInt(f[3]);
            long calls = Long.parseLong(f[4]);
            long untimed = Long.parseLong(f[7]) + Long.parseLong(f[9]); // lost and failed calls have no round trip
            double meanNs = Long.parseLong(f[6]) / (double) calls * window;
            Instant started = Instant.parse(f[12]);
            logs.computeIfAbsent(log, k -> new ArrayList<>())
                    .add(histogram(random, calls - untimed, meanNs, tag, started, Long.parseLong(f[6])));
            out.add(line + "," + log + "," + tag);
        }
        for (Map.Entry<String, List<Histogram>> e : logs.entrySet()) {
            write(dir.resolve(e.getKey()), e.getValue());
        }
        Files.writeString(runsCsv, String.join("\n", out) + (lastComplete ? "\n" : ""), StandardCharsets.UTF_8);
    }

    /** Log-normal round trips around the run's mean, with a slow tail of 0.5 % of the calls. */
    public static Histogram histogram(SplittableRandom random, long calls, double meanNs, String tag, Instant started, long elapsedNs) {
        Histogram h = new Histogram(3);
        double sigma = 0.25;
        double median = meanNs / Math.exp(sigma * sigma / 2);
        for (long i = 0; i < calls; i++) {
            double value = median * Math.exp(sigma * gaussian(random));
            if (random.nextDouble() < 0.005) {
                value *= 3 + 7 * random.nextDouble();
            }
            h.recordValue(Math.max(1, Math.round(value)));
        }
        h.setTag(tag);
        h.setStartTimeStamp(started.toEpochMilli());
        h.setEndTimeStamp(started.toEpochMilli() + elapsedNs / 1_000_000);
        return h;
    }

    /** Writes one log as the client does; the start time comes from the first histogram, not the clock. */
    public static void write(Path file, List<Histogram> histograms) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream os = Files.newOutputStream(file); PrintStream ps = new PrintStream(os, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(ps);
            long base = histograms.get(0).getStartTimeStamp();
            writer.outputLogFormatVersion();
            writer.setBaseTime(base);
            writer.outputBaseTime(base);
            writer.outputLegend();
            histograms.forEach(writer::outputIntervalHistogram);
            ps.flush();
        }
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian in Java 17.
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
