package org.dbuslab.scenarios.fresh;

import org.dbuslab.scenarios.reads.Strategy;
import org.dbuslab.scenarios.record.CsvFile;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** The property-freshness scenario on one bus; appends a row to freshness.csv and writes an hlog. */
@Command(name = "freshness", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "While a reader reads SelectedBaseProduct through the cached strategy in a loop, a writer on another "
            + "connection changes it --changes times at random intervals.",
        "Reports changes seen and missed, stale reads after the signal arrived (must be 0) and set -> observed "
            + "latency. Exit 0: no stale read, every signal arrived in order; 1 otherwise."})
public final class FreshnessCommand implements Callable<Integer> {

    public static final List<String> HEADER = List.of("bus", "strategy", "changes", "signals_seen", "changes_seen",
        "changes_missed", "reads", "stale_reads", "signal_mismatches", "max_pause_us", "read_interval_us",
        "set_to_read_p50_us", "set_to_read_p90_us", "set_to_read_p99_us", "set_to_read_max_us",
        "set_to_signal_p50_us", "set_to_signal_p90_us", "set_to_signal_p99_us", "set_to_signal_max_us",
        "duration_ms", "latency_log", "writer_error", "started_utc");

    @Option(names = "--address", required = true)
    String address;

    @Option(names = "--bus", required = true)
    String bus;

    @Option(names = "--strategy", defaultValue = "cached",
        description = "cached, or cached-ignoring-signals (deliberately broken, for the self-test).")
    String strategy;

    @Option(names = "--changes", defaultValue = "1000", description = "Changes the writer makes (default: ${DEFAULT-VALUE}).")
    int changes;

    @Option(names = "--max-pause-us", defaultValue = "2000",
        description = "Writer pause before each change, uniform 0..this (default: ${DEFAULT-VALUE} µs).")
    long maxPauseUs;

    @Option(names = "--read-interval-us", defaultValue = "100",
        description = "Reader pause between reads (default: ${DEFAULT-VALUE} µs; 0 = spin).")
    long readIntervalUs;

    @Option(names = "--seed", defaultValue = "20230307", description = "Random seed of the writer (default: the blog's date).")
    long seed;

    @Option(names = "--csv", required = true, description = "CSV to append to (scenarios/freshness.csv).")
    Path csvFile;

    @Option(names = "--latency-log", description = "HdrHistogram log to write (intervals set-to-read, set-to-signal).")
    Path latencyLog;

    private final PrintWriter err;

    public FreshnessCommand(PrintWriter err) {
        this.err = err;
    }

    @Override
    public Integer call() throws Exception {
        if (changes < 1 || maxPauseUs < 0 || readIntervalUs < 0) {
            err.println("freshness: error: --changes must be >= 1, pauses >= 0");
            return 2;
        }
        Instant started = Instant.now();
        FreshnessResult r = FreshnessRun.run(address, Strategy.of(strategy), changes, maxPauseUs, readIntervalUs, seed);
        String logName = latencyLog == null ? null : writeLog(r);
        List<Object> row = new ArrayList<>(List.of(bus, strategy, r.changes(), r.signalsSeen(), r.changesSeen(),
            r.changesMissed(), r.reads(), r.staleReads(), r.signalMismatches(), maxPauseUs, readIntervalUs));
        addPercentiles(row, r.setToRead());
        addPercentiles(row, r.setToSignal());
        row.add(r.durationNs() / 1_000_000);
        row.add(logName);
        row.add(r.writerFailure());
        row.add(started);
        new CsvFile(csvFile, HEADER).append(row);
        err.println(String.format(Locale.ROOT, "%s %s: %d changes, %d signals, %d seen, %d missed, %d reads, %d stale; "
                + "set->read p50 %.0f µs p99 %.0f µs", bus, strategy, r.changes(), r.signalsSeen(), r.changesSeen(),
            r.changesMissed(), r.reads(), r.staleReads(), micros(r.setToRead(), 50), micros(r.setToRead(), 99)));
        r.staleExamples().forEach(e -> err.println("  stale: " + e));
        if (r.writerFailure() != null) {
            err.println("freshness: error: the writer failed: " + r.writerFailure());
        }
        err.flush();
        return r.clean() ? 0 : 1;
    }

    private static void addPercentiles(List<Object> row, Histogram h) {
        for (double p : new double[] {50, 90, 99}) {
            row.add(h.getTotalCount() == 0 ? null : micros(h, p));
        }
        row.add(h.getTotalCount() == 0 ? null : h.getMaxValue() / 1e3);
    }

    private static double micros(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e3;
    }

    /** Writes the log; returns its path relative to the CSV's results folder (the CSV's parent's parent). */
    private String writeLog(FreshnessResult r) throws java.io.IOException {
        Files.createDirectories(latencyLog.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(latencyLog), true, "UTF-8")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputComment("dbus-lab freshness " + bus + " " + strategy + ": set -> observed and set -> signal, ns");
            writer.outputLegend();
            r.setToRead().setTag("set-to-read");
            r.setToSignal().setTag("set-to-signal");
            writer.outputIntervalHistogram(r.setToRead());
            writer.outputIntervalHistogram(r.setToSignal());
        }
        Path root = csvFile.toAbsolutePath().getParent().getParent();
        return root == null ? latencyLog.toString() : root.relativize(latencyLog.toAbsolutePath()).toString();
    }
}
