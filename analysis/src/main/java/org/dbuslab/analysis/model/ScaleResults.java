package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.ResultsInputException;
import org.dbuslab.analysis.read.TextFile;
import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The scale session's results (scale-runs.csv, issue 15): its points per series, and the comparisons the report's
 * verdicts are made of. Empty when the folder has no scale-runs.csv.
 */
public record ScaleResults(List<ScaleCell> cells, int warmupRuns, List<String> warnings) {

    /** The relay's own check: raw TCP through it within this share of 2·D + the floor. */
    public static final double RELAY_TOLERANCE = 0.10;
    /** The relay's check applies from this delay on (below it, scheduling noise is of the delay's order). */
    public static final double RELAY_CHECK_FROM_MS = 1.0;

    public static Optional<ScaleResults> read(Path dir) {
        Path file = dir.resolve(ScaleRunsCsv.FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<String> warnings = new ArrayList<>();
        List<ScaleRunsCsv.Row> rows;
        try {
            rows = ScaleRunsCsv.parse(TextFile.read(file).lines(), warnings::add);
        } catch (IllegalArgumentException e) {
            throw new ResultsInputException(e.getMessage());
        }
        return Optional.of(of(rows, warnings));
    }

    public static ScaleResults of(List<ScaleRunsCsv.Row> rows, List<String> warnings) {
        Map<ScaleCell.Key, List<ScaleRunsCsv.Row>> byKey = new LinkedHashMap<>();
        rows.stream().filter(ScaleRunsCsv.Row::measured)
            .forEach(r -> byKey.computeIfAbsent(ScaleCell.Key.of(r), k -> new ArrayList<>()).add(r));
        Bootstrap bootstrap = Bootstrap.standard();
        List<ScaleCell> cells = byKey.entrySet().stream().map(e -> ScaleCell.of(e.getKey(), e.getValue(), bootstrap))
            .sorted(ORDER).toList();
        return new ScaleResults(cells, (int) rows.stream().filter(r -> !r.measured()).count(), List.copyOf(warnings));
    }

    public static final Comparator<ScaleCell> ORDER = Comparator.comparing((ScaleCell c) -> ScaleRunsCsv.SERIES.indexOf(c.key().series()))
        .thenComparing(c -> c.key().transport()).thenComparing(c -> c.key().mode()).thenComparingInt(c -> c.key().clients())
        .thenComparingInt(c -> c.key().subscribers()).thenComparingInt(c -> c.key().matchRules())
        .thenComparingDouble(c -> c.key().delayMs()).thenComparingInt(c -> c.key().window());

    public List<ScaleCell> series(String series) {
        return cells.stream().filter(c -> c.key().series().equals(series)).toList();
    }

    public Optional<ScaleCell> find(String series, String transport, String mode, int window, int clients, int subscribers,
                             int matchRules, double delayMs) {
        return cells.stream().filter(c -> c.key().series().equals(series) && c.key().transport().equals(transport)
            && c.key().mode().equals(mode) && c.key().window() == window && c.key().clients() == clients
            && c.key().subscribers() == subscribers && c.key().matchRules() == matchRules
            && c.key().delayMs() == delayMs).findFirst();
    }

    /**
     * A ratio of two points' median rates, with its bootstrap 95% interval: paired by block when at least
     * {@value RunBlocks#MIN_BLOCKS} blocks hold runs of both ({@code pairedBlocks} of them; the block bootstrap draws
     * the same blocks for both, so the machine's drift between blocks cancels, and a block's runs, made by one tool
     * process moments apart, are drawn together), else the run bootstrap (runs resampled on each side; pairedBlocks 0).
     */
    public record Ratio(ScaleCell candidate, ScaleCell baseline, double ratio, Interval ci95, int pairedBlocks) {
        public static Optional<Ratio> of(Optional<ScaleCell> candidate, Optional<ScaleCell> baseline) {
            if (candidate.isEmpty() || baseline.isEmpty() || !candidate.get().clean() || !baseline.get().clean()) {
                return Optional.empty();
            }
            ScaleCell c = candidate.get();
            ScaleCell b = baseline.get();
            Map<Integer, double[]> left = byBlock(c);
            Map<Integer, double[]> right = byBlock(b);
            left.keySet().retainAll(right.keySet());
            right.keySet().retainAll(left.keySet());
            if (left.size() >= RunBlocks.MIN_BLOCKS) {
                return Optional.of(new Ratio(c, b, c.rateMedian() / b.rateMedian(), BlockBootstrap.standard()
                    .ofRatioOfMedians(List.copyOf(left.values()), List.copyOf(right.values())), left.size()));
            }
            return Optional.of(new Ratio(c, b, c.rateMedian() / b.rateMedian(),
                Bootstrap.standard().ofRatioOfMedians(c.rates(), b.rates()), 0));
        }

        /** A point's rates by block, in block order. */
        private static Map<Integer, double[]> byBlock(ScaleCell cell) {
            Map<Integer, List<Double>> lists = new TreeMap<>();
            for (int i = 0; i < cell.rates().length; i++) {
                lists.computeIfAbsent(cell.rateBlocks()[i], k -> new ArrayList<>()).add(cell.rates()[i]);
            }
            Map<Integer, double[]> out = new TreeMap<>();
            lists.forEach((block, rates) -> out.put(block, rates.stream().mapToDouble(Double::doubleValue).toArray()));
            return out;
        }

        /** "2.31× (95% CI 2.10–2.52, paired over 6 blocks)" */
        public String text() {
            return Numbers.factor(ratio) + "×" + (ci95.isDefined() ? " (95% CI " + Numbers.factor(ci95.low()) + "–"
                + Numbers.factor(ci95.high()) + (pairedBlocks > 0 ? ", paired over " + pairedBlocks + " blocks" : "")
                // an interval across 1 does not tell the two apart: said, so nobody acts on the point estimate alone
                + (ci95.low() <= 1 && ci95.high() >= 1 ? "; no significant difference" : "")
                + ")" : " (CI n/a: fewer than 2 runs)");
        }
    }

    /** Distinct values of one key field in a series, in order. */
    public <T extends Comparable<T>> List<T> values(String series, java.util.function.Function<ScaleCell.Key, T> field) {
        return series(series).stream().map(c -> field.apply(c.key())).distinct().sorted().collect(Collectors.toList());
    }

    /**
     * The relay's check at delay D: raw-tcp sync through the relay, median µs/call, against 2·D + the raw floor
     * (raw-tcp sync without relay); empty when either is missing.
     */
    public record RelayCheck(double delayMs, double measuredUs, double expectedUs, double floorUs) {
        public boolean passed() {
            return Math.abs(measuredUs - expectedUs) <= RELAY_TOLERANCE * expectedUs;
        }
    }

    public List<RelayCheck> relayChecks() {
        Optional<ScaleCell> floor = find("distance", "raw-tcp", "sync", 1, 1, 0, 0, 0);
        if (floor.isEmpty() || !floor.get().clean()) {
            return List.of();
        }
        double floorUs = floor.get().usPerOperation();
        List<RelayCheck> checks = new ArrayList<>();
        for (ScaleCell c : series("distance")) {
            if (c.key().transport().equals("raw-tcp") && c.key().mode().equals("sync") && c.key().delayMs() > 0
                && c.clean()) {
                checks.add(new RelayCheck(c.key().delayMs(), c.usPerOperation(), 2000 * c.key().delayMs() + floorUs,
                    floorUs));
            }
        }
        return checks;
    }
}
