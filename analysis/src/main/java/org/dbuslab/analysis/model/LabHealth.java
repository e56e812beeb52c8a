package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Direction;
import org.dbuslab.stats.SampleComparison;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lab's own health figures (issue 5.3): what the Java client and the Java server add over libdbus, and how far
 * every subject cell is from the raw-socket floor. Pure computation on the cells.
 *
 * <p>Overhead, per bus, mode, payload and window where libdbus pairs ran: client overhead = dbus-java&gt;libdbus
 * against libdbus&gt;libdbus, server overhead = libdbus&gt;dbus-java against libdbus&gt;libdbus, each as the
 * difference and the ratio of the median µs per call with percentile-bootstrap intervals of the runs (the same
 * {@link SampleComparison} as the transport verdicts). The targets are issue 25's: the client's ratio at most
 * {@value #CLIENT_TARGET_RATIO}, the server's at most {@value #SERVER_TARGET_RATIO}, each with its 95% interval's upper
 * bound at most {@value #UPPER_BOUND_TARGET} ({@link PairOverhead#meetsTarget()}); a p2p transport at most
 * {@value #FLOOR_TARGET_RATIO}× its raw-socket floor ({@link FloorRow#meetsTarget()}).
 *
 * @param overhead     one row per bus, mode, payload and window with any libdbus pair
 * @param floor        one row per subject cell that has a raw-socket cell of the same mode, payload and window
 * @param skippedPairs skipped.tsv lines that name a pair ("dbus-daemon libdbus-java"): why a pair is missing; lines about the
 *                     client libraries ({@link ClientLibraries#skipped}) are "Client libraries"' own
 */
public record LabHealth(List<OverheadRow> overhead, List<FloorRow> floor, List<SkippedTransport> skippedPairs) {

    /** The Java client's ratio over libdbus's, point estimate: it should cost no more than libdbus. */
    public static final double CLIENT_TARGET_RATIO = 1.0;
    /** The Java server's ratio over libdbus's echo, point estimate. */
    public static final double SERVER_TARGET_RATIO = 1.1;
    /** The upper bound of either ratio's 95% CI: a point estimate under the target is not enough when the CI is wide. */
    public static final double UPPER_BOUND_TARGET = 1.15;
    /** A p2p transport's ratio over its raw-socket floor, in every mode and size. */
    public static final double FLOOR_TARGET_RATIO = 1.3;
    public static final String RAW_UNIX = "raw-unix";
    public static final String RAW_TCP = "raw-tcp";

    /**
     * @param byPair the cell of each of the four pairs that ran (libdbus's three and dbus-java&gt;dbus-java)
     * @param client dbus-java&gt;libdbus against libdbus&gt;libdbus; null when either is missing
     * @param server libdbus&gt;dbus-java against libdbus&gt;libdbus; null when either is missing
     */
    public record OverheadRow(String transport, String mode, int payloadBytes, int window, Map<String, CellSummary> byPair,
                       PairOverhead client, PairOverhead server) {

        public Optional<CellSummary> cell(String pair) {
            return Optional.ofNullable(byPair.get(pair));
        }
    }

    /**
     * A pair against libdbus&gt;libdbus on µs per call: {@code result} is pair − baseline and pair / baseline;
     * {@code target} the most its ratio of medians may be ({@link #CLIENT_TARGET_RATIO} or {@link #SERVER_TARGET_RATIO}).
     */
    public record PairOverhead(String pair, String baselinePair, SampleComparison result, double target) {

        /** The ratio of medians is at most the target and its 95% CI's upper bound at most {@link #UPPER_BOUND_TARGET}. */
        public boolean meetsTarget() {
            return pointWithinTarget() && boundWithinTarget();
        }

        /**
         * Whether the target can be judged: a ratio over it fails, whatever its interval; one within it needs the 95%
         * interval's bound, which too few runs do not give (SampleComparison).
         */
        public boolean judgeable() {
            return !pointWithinTarget() || result.ratioInterval().isDefined();
        }

        public boolean pointWithinTarget() {
            return result.ratioOfMedians() <= target;
        }

        /** The 95% interval's upper bound is defined and at most {@link #UPPER_BOUND_TARGET}. */
        public boolean boundWithinTarget() {
            return result.ratioInterval().isDefined() && result.ratioInterval().high() <= UPPER_BOUND_TARGET;
        }
    }

    /** A subject cell against the raw-socket cell of its kind of socket: cell / floor on µs per call. */
    public record FloorRow(CellSummary cell, CellSummary floor, SampleComparison result) {

        /** Whether the floor target applies: it is the p2p transports' (a bus adds its own hop, which the lab does not own). */
        public boolean targeted() {
            return cell.key().transport().startsWith("p2p-");
        }

        /** A p2p cell's ratio of medians is at most {@link #FLOOR_TARGET_RATIO} (false for a cell without the target). */
        public boolean meetsTarget() {
            return targeted() && result.ratioOfMedians() <= FLOOR_TARGET_RATIO;
        }
    }

    public static LabHealth of(List<CellSummary> allCells, List<SkippedTransport> skipped, Bootstrap bootstrap, double alpha) {
        List<CellSummary> measured = allCells.stream().filter(c -> c.runs() > 0).toList();
        return new LabHealth(overhead(measured, bootstrap, alpha), floor(measured, bootstrap, alpha),
                skipped.stream().filter(s -> s.pair() != null).filter(s -> ClientLibraries.skipped(List.of(s)).isEmpty()).toList());
    }

    /** The raw-socket transport a transport is measured against: TCP transports against raw-tcp, the rest raw-unix. */
    public static String floorTransport(String transport) {
        return transport.endsWith("-tcp") ? RAW_TCP : RAW_UNIX;
    }

    public boolean isEmpty() {
        return overhead.isEmpty() && floor.isEmpty();
    }

    /**
     * Lab health's comparison of exactly these two cell summaries, candidate against baseline, when it made one: "Client
     * libraries" compares some of the same pairs (libdbus pairs against libdbus&gt;libdbus, the matrix against its floor)
     * and takes them from here rather than bootstrapping them a second time.
     */
    public Optional<SampleComparison> comparison(CellSummary candidate, CellSummary baseline) {
        for (FloorRow row : floor) {
            if (row.cell() == candidate && row.floor() == baseline) {
                return Optional.of(row.result());
            }
        }
        for (OverheadRow row : overhead) {
            for (PairOverhead pair : Arrays.asList(row.client(), row.server())) {
                if (pair != null && row.byPair().get(pair.pair()) == candidate && row.byPair().get(pair.baselinePair()) == baseline) {
                    return Optional.of(pair.result());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Floor rows whose cell is significantly faster than its raw-socket floor. A D-Bus call does more work than a
     * plain request and reply on the same kind of socket, so such a cell and its floor ran under different
     * conditions (on a small VM most likely the two speeds: see {@link CellSummary#twoSpeeds}), and neither the
     * cell's figure nor its ratio to the floor is the transport's cost.
     */
    public List<FloorRow> belowFloor() {
        return floor.stream().filter(r -> r.result().direction() == Direction.LOWER).toList();
    }

    private record Place(String transport, String mode, int payloadBytes, int window, String placement) {

        public static Place of(CellKey key) {
            return new Place(key.transport(), key.mode(), key.payloadBytes(), key.window(), key.placement());
        }
    }

    private static List<OverheadRow> overhead(List<CellSummary> cells, Bootstrap bootstrap, double alpha) {
        Map<Place, Map<String, CellSummary>> byPlace = new LinkedHashMap<>();
        cells.stream().filter(c -> c.key().role() == CellKey.Role.REFERENCE && CellKey.LIBDBUS_PAIRS.contains(c.key().pair()))
                .sorted(Comparator.comparing(CellSummary::key, CellOrder.CELLS))
                .forEach(c -> byPlace.computeIfAbsent(Place.of(c.key()), p -> new LinkedHashMap<>()).putIfAbsent(c.key().pair(), c));
        List<Place> places = new ArrayList<>(byPlace.keySet());
        places.sort(Comparator.comparing(Place::transport, CellOrder.TRANSPORT).thenComparing(Place::mode, CellOrder.MODE)
                .thenComparingInt(Place::payloadBytes).thenComparingInt(Place::window)
                .thenComparing(Place::placement, CellOrder.PLACEMENT));
        List<OverheadRow> rows = new ArrayList<>();
        for (Place place : places) {
            Map<String, CellSummary> byPair = new LinkedHashMap<>();
            CellKey.LIBDBUS_PAIRS.forEach(pair -> {
                CellSummary cell = byPlace.get(place).get(pair);
                if (cell != null) {
                    byPair.put(pair, cell);
                }
            });
            cells.stream().filter(c -> c.key().subject() && Place.of(c.key()).equals(place)).findFirst()
                    .ifPresent(c -> byPair.put(CellKey.SUBJECT_PAIR, c));
            rows.add(new OverheadRow(place.transport(), place.mode(), place.payloadBytes(), place.window(), byPair,
                    against(byPair, CellKey.JAVA_CLIENT_PAIR, CLIENT_TARGET_RATIO, bootstrap, alpha),
                    against(byPair, CellKey.JAVA_SERVER_PAIR, SERVER_TARGET_RATIO, bootstrap, alpha)));
        }
        return rows;
    }

    private static PairOverhead against(Map<String, CellSummary> byPair, String pair, double target, Bootstrap bootstrap,
                                        double alpha) {
        CellSummary candidate = byPair.get(pair);
        CellSummary baseline = byPair.get(CellKey.LIBDBUS_PAIR);
        if (candidate == null || baseline == null) {
            return null;
        }
        return new PairOverhead(pair, CellKey.LIBDBUS_PAIR,
                RunBlocks.compare(candidate, baseline, bootstrap, alpha), target);
    }

    private static List<FloorRow> floor(List<CellSummary> cells, Bootstrap bootstrap, double alpha) {
        List<FloorRow> rows = new ArrayList<>();
        cells.stream().filter(c -> c.key().subject())
                .sorted(Comparator.comparing((CellSummary c) -> c.key().transport(), CellOrder.TRANSPORT)
                        .thenComparing(c -> c.key().mode(), CellOrder.MODE)
                        .thenComparing(CellSummary::key, CellOrder.CELLS))
                .forEach(cell -> floorOf(cell, cells).ifPresent(floor -> rows.add(new FloorRow(cell, floor,
                        RunBlocks.compare(cell, floor, bootstrap, alpha)))));
        return rows;
    }

    /**
     * The raw-socket cell a cell is measured against: {@link #floorTransport} at the same mode, payload and window,
     * the one with the same calls per run if there is one.
     */
    public static Optional<CellSummary> floorOf(CellSummary cell, List<CellSummary> cells) {
        String floorTransport = floorTransport(cell.key().transport());
        List<CellSummary> candidates = cells.stream().filter(r -> r.key().role() == CellKey.Role.REFERENCE
                && (r.key().pair().equals(CellKey.RAW_PAIR) || r.key().transport().startsWith("raw-"))
                && r.key().transport().equals(floorTransport)
                && r.key().mode().equals(cell.key().mode()) && r.key().payloadBytes() == cell.key().payloadBytes()
                && r.key().window() == cell.key().window() && r.key().placement().equals(cell.key().placement())).toList();
        return candidates.stream().filter(r -> r.key().calls() == cell.key().calls()).findFirst()
                .or(() -> candidates.stream().findFirst());
    }
}
