package org.dbuslab.analysis.read;

import org.dbuslab.format.PrecisionTsv;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Everything a session left in its results folder, as read.
 *
 * @param plan     what the lab asked for; empty when plan.tsv is absent (older or hand-made folders)
 * @param latency  the per-call latency histograms runs.csv points to, as far as they could be read
 * @param notes    the lab's verdicts on checks with an expected outcome (notes.tsv); empty when absent
 * @param warnings problems that were tolerated while reading, e.g. a truncated last line
 * @param precision the session runner's precision.tsv (what its stopping rule saw); empty when absent or unreadable
 * @param hostSpeed host-speed.tsv's readings and the halves it sets aside, whose measured runs are marked
 *                  {@link RunRecord#hostSlowed}; empty when absent (older folders) or unreadable
 */
public record ResultsFolder(Path dir, Environment environment, List<RunRecord> runs, List<SkippedTransport> skipped,
                     Optional<List<PlannedCell>> plan, LatencyHistograms latency, List<Note> notes, List<String> warnings,
                     Optional<List<PrecisionTsv.Row>> precision, Optional<HostSpeedReadings> hostSpeed) {

    public ResultsFolder {
        runs = List.copyOf(runs);
        skipped = List.copyOf(skipped);
        notes = List.copyOf(notes);
        plan = plan.map(List::copyOf);
        warnings = List.copyOf(warnings);
        precision = precision.map(List::copyOf);
    }

    /** A folder without host-speed.tsv. */
    public ResultsFolder(Path dir, Environment environment, List<RunRecord> runs, List<SkippedTransport> skipped,
                         Optional<List<PlannedCell>> plan, LatencyHistograms latency, List<Note> notes, List<String> warnings,
                         Optional<List<PrecisionTsv.Row>> precision) {
        this(dir, environment, runs, skipped, plan, latency, notes, warnings, precision, Optional.empty());
    }

    /** How many measured runs were set aside because the host slowed their half (host-speed.tsv). */
    public long hostSlowedRuns() {
        return runs.stream().filter(RunRecord::setAsideForHostSpeed).count();
    }

    /** precision.tsv's line of the cell KEY (what the runner's stopping rule saw of it); empty without one. */
    public Optional<PrecisionTsv.Row> recordedPrecision(CellKey key) {
        return precision.orElse(List.of()).stream()
                .filter(r -> r.kind().equals("cell") && r.transport().equals(key.transport()) && r.mode().equals(key.mode())
                        && r.payloadBytes() == key.payloadBytes() && r.window() == key.window()
                        && r.pair().equals(key.pair()) && r.series().equals(key.series())
                        && (r.placement().isEmpty() || r.placement().equals(key.placement())))
                .findFirst();
    }
}
