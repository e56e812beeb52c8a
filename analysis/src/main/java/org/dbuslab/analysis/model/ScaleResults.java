package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.ResultsInputException;
import org.dbuslab.analysis.read.TextFile;
import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.format.SkippedTsv;
import org.dbuslab.stats.BlockBootstrap;
import org.dbuslab.stats.BlockRatios;
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
 * verdicts are made of; NAMESPACESKIPS, the second namespace's cells skipped.tsv names, with their reasons. Empty
 * when the folder has no scale-runs.csv.
 */
public record ScaleResults(List<ScaleCell> cells, int warmupRuns, List<String> warnings,
                           Map<String, String> namespaceSkips) {

    /**
     * The relay's own check: raw TCP through it at D, net of the relay's own floor (the relay at D = 0), within this
     * share of 2·D; in a folder without the relay at D = 0, raw TCP through it within this share of 2·D + the
     * loopback floor.
     */
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
        return Optional.of(of(rows, warnings, namespaceSkips(dir, warnings)));
    }

    /**
     * The second namespace's cells the session skipped, from skipped.tsv: "TARGET netns-MODE" → reason ("TARGET
     * netns-MODE" is {@link #namespaceCell}). A skipped.tsv that cannot be read costs only this, with a warning.
     */
    static Map<String, String> namespaceSkips(Path dir, List<String> warnings) {
        Map<String, String> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(dir.resolve(SkippedTsv.FORMAT.fileName()))) {
            return out;
        }
        try {
            SkippedTsv.FORMAT.read(dir).stream().filter(r -> r.transport().matches("\\S+ netns-\\S+"))
                .forEach(r -> out.put(r.transport(), r.reason()));
        } catch (RuntimeException e) {
            warnings.add("skipped.tsv: " + e.getMessage() + "; the second namespace's skips are not shown");
        }
        return out;
    }

    /** skipped.tsv's name of a second-namespace cell, e.g. "p2p-tcp netns-async". */
    public static String namespaceCell(String transport, String mode) {
        return transport + " " + ScaleRunsCsv.ROUTE_NETNS + "-" + mode;
    }

    public static ScaleResults of(List<ScaleRunsCsv.Row> rows, List<String> warnings) {
        return of(rows, warnings, Map.of());
    }

    public static ScaleResults of(List<ScaleRunsCsv.Row> rows, List<String> warnings,
                                  Map<String, String> namespaceSkips) {
        Map<ScaleCell.Key, List<ScaleRunsCsv.Row>> byKey = new LinkedHashMap<>();
        rows.stream().filter(ScaleRunsCsv.Row::measured)
            .forEach(r -> byKey.computeIfAbsent(ScaleCell.Key.of(r), k -> new ArrayList<>()).add(r));
        Bootstrap bootstrap = Bootstrap.standard();
        List<ScaleCell> cells = byKey.entrySet().stream().map(e -> ScaleCell.of(e.getKey(), e.getValue(), bootstrap))
            .sorted(ORDER).toList();
        return new ScaleResults(cells, (int) rows.stream().filter(r -> !r.measured()).count(), List.copyOf(warnings),
            Map.copyOf(namespaceSkips));
    }

    public static final Comparator<ScaleCell> ORDER = Comparator.comparing((ScaleCell c) -> ScaleRunsCsv.SERIES.indexOf(c.key().series()))
        .thenComparing(c -> c.key().transport()).thenComparing(c -> c.key().mode()).thenComparingInt(c -> c.key().clients())
        .thenComparingInt(c -> c.key().subscribers()).thenComparingInt(c -> c.key().matchRules())
        .thenComparingDouble(c -> c.key().delayMs()).thenComparingInt(c -> ScaleRunsCsv.ROUTES.indexOf(c.key().route()))
        .thenComparingInt(c -> c.key().window());

    public List<ScaleCell> series(String series) {
        return cells.stream().filter(c -> c.key().series().equals(series)).toList();
    }

    /** The point of these parameters; a distance point at D above 0 through the relay, at 0 the direct one. */
    public Optional<ScaleCell> find(String series, String transport, String mode, int window, int clients, int subscribers,
                             int matchRules, double delayMs) {
        String route = ScaleRunsCsv.routeOf(series, delayMs);
        return cells.stream().filter(c -> c.key().series().equals(series) && c.key().transport().equals(transport)
            && c.key().mode().equals(mode) && c.key().window() == window && c.key().clients() == clients
            && c.key().subscribers() == subscribers && c.key().matchRules() == matchRules
            && c.key().delayMs() == delayMs && c.key().route().equals(route)).findFirst();
    }

    /** The distance point of TRANSPORT on ROUTE at DELAYMS, MODE and WINDOW. */
    public Optional<ScaleCell> distance(String transport, String route, double delayMs, String mode, int window) {
        return series("distance").stream().filter(c -> c.key().transport().equals(transport)
            && c.key().route().equals(route) && c.key().delayMs() == delayMs && c.key().mode().equals(mode)
            && c.key().window() == window).findFirst();
    }

    /** The distance points of ROUTE. */
    public List<ScaleCell> route(String route) {
        return series("distance").stream().filter(c -> c.key().route().equals(route)).toList();
    }

    /**
     * A difference of two points' median µs per operation (candidate − baseline), with its bootstrap 95% interval,
     * paired by block as {@link Ratio} is (then the median of the per-block differences); unpaired, the difference
     * of the two points' µs at their median rates.
     */
    public record Difference(ScaleCell candidate, ScaleCell baseline, double us, Interval ci95, int pairedBlocks) {
        public static Optional<Difference> of(Optional<ScaleCell> candidate, Optional<ScaleCell> baseline) {
            if (candidate.isEmpty() || baseline.isEmpty() || !candidate.get().clean() || !baseline.get().clean()) {
                return Optional.empty();
            }
            ScaleCell c = candidate.get();
            ScaleCell b = baseline.get();
            Map<Integer, double[]> left = c.usByBlock();
            Map<Integer, double[]> right = b.usByBlock();
            left.keySet().retainAll(right.keySet());
            right.keySet().retainAll(left.keySet());
            double us = c.usPerOperation() - b.usPerOperation();
            if (left.size() >= RunBlocks.MIN_BLOCKS) {
                BlockRatios blocks = BlockRatios.of(List.copyOf(left.values()), List.copyOf(right.values()));
                return Optional.of(new Difference(c, b, blocks.medianDifference(),
                    BlockBootstrap.standard().ofMedianOfBlockRatios(blocks).difference(), blocks.blocks()));
            }
            return Optional.of(new Difference(c, b, us, Bootstrap.standard().ofDifferenceOfMedians(
                c.usPerOperationOfRuns(), b.usPerOperationOfRuns()), 0));
        }

        /** "+312.4 µs (95% CI 290.1–330.0, paired over 6 blocks)" */
        public String text() {
            return Numbers.signedMicroseconds(us) + " µs" + (ci95.isDefined() ? " (95% CI " + Numbers.microseconds(ci95.low()) + "–"
                + Numbers.microseconds(ci95.high()) + (pairedBlocks > 0 ? ", paired over " + pairedBlocks + " blocks" : "")
                + ")" : " (CI n/a: fewer than 2 runs)");
        }
    }

    /**
     * The delay line's own cost per call at TRANSPORT, MODE and WINDOW: the relay with no delay minus straight to the
     * server (the same client, target, mode and window, in the same blocks).
     */
    public record RelayFloor(String transport, String mode, int window, Difference cost) {
        public double directUs() {
            return cost.baseline().usPerOperation();
        }

        public double relayUs() {
            return cost.candidate().usPerOperation();
        }
    }

    /** Every point the relay at D = 0 has a clean direct twin of: the delay line's own cost, per target and mode. */
    public List<RelayFloor> relayFloors() {
        List<RelayFloor> out = new ArrayList<>();
        for (ScaleCell relay0 : route(ScaleRunsCsv.ROUTE_RELAY)) {
            ScaleCell.Key k = relay0.key();
            if (k.delayMs() != 0) {
                continue;
            }
            Difference.of(Optional.of(relay0), distance(k.transport(), ScaleRunsCsv.ROUTE_DIRECT, 0, k.mode(), k.window()))
                .ifPresent(d -> out.add(new RelayFloor(k.transport(), k.mode(), k.window(), d)));
        }
        return out;
    }

    public Optional<RelayFloor> relayFloor(String transport, String mode, int window) {
        return relayFloors().stream().filter(f -> f.transport().equals(transport) && f.mode().equals(mode)
            && f.window() == window).findFirst();
    }

    /**
     * A relay point's µs per call net of the delay line's own cost (its {@link RelayFloor} at the same target, mode
     * and window); NaN for other points and where that was not measured (older folders, other windows).
     */
    public double netUsPerCall(ScaleCell c) {
        if (!c.key().series().equals("distance") || !c.key().route().equals(ScaleRunsCsv.ROUTE_RELAY)) {
            return Double.NaN;
        }
        return relayFloor(c.key().transport(), c.key().mode(), c.key().window())
            .map(f -> c.usPerOperation() - f.cost().us()).orElse(Double.NaN);
    }

    /**
     * The second network namespace against loopback at one target, mode and window: NETNS (the client in one
     * namespace, the bus or p2p server in the other, a veth pair between) and LOOPBACK (the same, direct, in the same
     * blocks); RATIO is of loopback's calls/s over the namespace's, so the namespace's µs/call over loopback's. Empty
     * RATIO: a side not clean.
     */
    public record NamespaceComparison(String transport, String mode, int window, ScaleCell netns,
                                      Optional<ScaleCell> loopback, Optional<Ratio> ratio) {
    }

    public List<NamespaceComparison> namespaceComparisons() {
        List<NamespaceComparison> out = new ArrayList<>();
        for (ScaleCell netns : route(ScaleRunsCsv.ROUTE_NETNS)) {
            ScaleCell.Key k = netns.key();
            Optional<ScaleCell> loopback = distance(k.transport(), ScaleRunsCsv.ROUTE_DIRECT, 0, k.mode(), k.window());
            out.add(new NamespaceComparison(k.transport(), k.mode(), k.window(), netns, loopback,
                Ratio.of(loopback, Optional.of(netns))));
        }
        return out;
    }

    /**
     * A ratio of two points' median rates, with its bootstrap 95% interval: paired by block when at least
     * {@value RunBlocks#MIN_BLOCKS} blocks hold runs of both ({@code pairedBlocks} of them; then the median of each
     * block's ratio of median rates, where the machine's drift between blocks cancels, with the block bootstrap of
     * it), else the ratio of the median rates with the run bootstrap (runs resampled on each side; pairedBlocks 0).
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
                BlockRatios blocks = BlockRatios.of(List.copyOf(left.values()), List.copyOf(right.values()));
                return Optional.of(new Ratio(c, b, blocks.medianRatio(),
                    BlockBootstrap.standard().ofMedianOfBlockRatios(blocks).ratio(), blocks.blocks()));
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

    /** Distinct delays of the relay's points, in order (0, the relay's own floor, included when measured). */
    public List<Double> relayDelays() {
        return route(ScaleRunsCsv.ROUTE_RELAY).stream().map(c -> c.key().delayMs()).distinct().sorted().toList();
    }

    /**
     * The relay's check at delay D: raw-tcp sync through the relay, median µs/call (MEASUREDUS), against 2·D. EXPECTEDUS
     * is 2·D + FLOORUS, the raw floor on loopback (raw-tcp sync without the relay); RELAYFLOOR the relay's own floor
     * (raw-tcp sync through the relay at D = 0, against that loopback floor), empty in a folder without it.
     * {@link #passed()} judges the delay's cost net of the relay's own floor (MEASUREDUS − the relay at D = 0) against
     * 2·D when there is that floor, else MEASUREDUS against EXPECTEDUS, as before the relay at D = 0 was measured.
     */
    public record RelayCheck(double delayMs, double measuredUs, double expectedUs, double floorUs,
                             Optional<RelayFloor> relayFloor) {
        public RelayCheck(double delayMs, double measuredUs, double expectedUs, double floorUs) {
            this(delayMs, measuredUs, expectedUs, floorUs, Optional.empty());
        }

        /** Judged against the relay's own floor (the relay at D = 0), not loopback. */
        public boolean calibrated() {
            return relayFloor.isPresent();
        }

        /** 2·D in µs. */
        public double twoDUs() {
            return 2000 * delayMs;
        }

        /** The relay at D = 0, µs/call (NaN without it). */
        public double relayFloorUs() {
            return relayFloor.map(RelayFloor::relayUs).orElse(Double.NaN);
        }

        /** The delay line's own cost per call: the relay at D = 0 minus loopback (NaN without it). */
        public double relayCostUs() {
            return relayFloor.map(f -> f.cost().us()).orElse(Double.NaN);
        }

        /** µs/call net of the relay's own cost: what the call costs at D beside the line's own hops. */
        public double netUs() {
            return measuredUs - relayCostUs();
        }

        /** What the delay adds over the relay's own floor: measured − the relay at D = 0. */
        public double addedUs() {
            return measuredUs - relayFloorUs();
        }

        /** 2·D + the relay's own floor. */
        public double netExpectedUs() {
            return twoDUs() + relayFloorUs();
        }

        /** The share the check is judged by: added ÷ 2·D − 1 (calibrated), else measured ÷ (2·D + floor) − 1. */
        public double deviation() {
            return calibrated() ? addedUs() / twoDUs() - 1 : measuredUs / expectedUs - 1;
        }

        public boolean passed() {
            return Math.abs(deviation()) <= RELAY_TOLERANCE;
        }

        /** The check as it was made against loopback: measured within the tolerance of 2·D + the loopback floor. */
        public boolean loopbackPassed() {
            return Math.abs(measuredUs - expectedUs) <= RELAY_TOLERANCE * expectedUs;
        }
    }

    public List<RelayCheck> relayChecks() {
        Optional<ScaleCell> floor = distance("raw-tcp", ScaleRunsCsv.ROUTE_DIRECT, 0, "sync", 1);
        if (floor.isEmpty() || !floor.get().clean()) {
            return List.of();
        }
        double floorUs = floor.get().usPerOperation();
        Optional<RelayFloor> relayFloor = relayFloor("raw-tcp", "sync", 1);
        List<RelayCheck> checks = new ArrayList<>();
        for (ScaleCell c : route(ScaleRunsCsv.ROUTE_RELAY)) {
            if (c.key().transport().equals("raw-tcp") && c.key().mode().equals("sync") && c.key().delayMs() > 0
                && c.clean()) {
                checks.add(new RelayCheck(c.key().delayMs(), c.usPerOperation(), 2000 * c.key().delayMs() + floorUs,
                    floorUs, relayFloor));
            }
        }
        return checks;
    }
}
