package org.dbuslab.runner.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.dbuslab.format.Series;
import org.dbuslab.stats.Quantiles;

/**
 * Sets calls per run from the first warm-up block so that a run takes about the target duration. Cells that are
 * compared share one count (the analysis keys cells by calls too): the matrix and the reference rows of one mode,
 * size and placement share theirs (the price of crossing compares placements per call, not per run), the raw-socket
 * floor included: with a count of its own its runs lasted 50 ms against p2p's 10, and a run's fixed cost (its first
 * calls after other cells ran) then weighed five times less per call in the floor: 1.64 against 1.79 µs per call
 * for raw-unix async 1000 B in two sessions of 2026-12-06, a tenth of p2p's 1.3x target (its runs, 8-10 ms long,
 * are three a block instead: CellKind#runsPerMeasuredBlock), each sweep point (size, window, placement) its own across buses, the libraries cells one per client library, mode and size
 * (their section compares µs/call, not runs of equal length); the over-limit check keeps its calls, the lkml cells
 * theirs (the 2015 benchmark's). The group's count comes from the median time per call of its matrix cells where it
 * has some, else of all its cells: the reference rows' spam cells run only in the first warm-up block, so their
 * times are a cold process's, and with them in the median the matrix's runs came out at 27-30 ms against --run-ms
 * 50. At least max(2, 2 x window), at most {@link #MAX_CALLS} and {@link #MAX_RUN_BYTES} payload bytes per run.
 */
public final class CallsCalibration {

    public static final int MAX_CALLS = 1_000_000;
    /** No run sends more payload than this (large --sizes), so that a run does not spend minutes on one size. */
    public static final long MAX_RUN_BYTES = 200_000_000L;

    private CallsCalibration() {
    }

    /**
     * @param nsPerCall measured ns per call of the first warm-up block, by cell id (cells without a value, e.g. a
     *                  skipped transport, follow their group; a group with none keeps its calls)
     * @return new calls by cell id, for {@link SessionPlan#withCalls}
     */
    public static Map<String, Integer> calibrate(List<Cell> cells, Map<String, Double> nsPerCall, Duration target) {
        Map<List<Object>, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            if (c.kind() != CellKind.OVERLIMIT && c.series() != Series.LKML) { // the 2015 benchmark's calls are fixed
                groups.computeIfAbsent(groupOf(c), k -> new ArrayList<>()).add(c);
            }
        }
        Map<String, Integer> out = new HashMap<>();
        for (List<Cell> group : groups.values()) {
            double[] values = valuesOf(group.stream().filter(c -> c.series() == Series.MATRIX).toList(), nsPerCall);
            if (values.length == 0) {
                values = valuesOf(group, nsPerCall);
            }
            if (values.length == 0) {
                continue;
            }
            double median = Quantiles.median(values);
            int window = group.stream().mapToInt(Cell::window).max().orElse(1);
            int payload = group.get(0).payloadBytes();
            int calls = clamp(target.toNanos() / median, window, payload);
            group.forEach(c -> out.put(c.id(), calls));
        }
        return out;
    }

    private static double[] valuesOf(List<Cell> cells, Map<String, Double> nsPerCall) {
        return cells.stream().map(c -> nsPerCall.get(c.id())).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).filter(v -> v > 0 && Double.isFinite(v)).toArray();
    }

    static int clamp(double wanted, int window, int payloadBytes) {
        long least = Math.max(2L, 2L * window);
        long most = Math.min(MAX_CALLS, payloadBytes > 0 ? MAX_RUN_BYTES / payloadBytes : MAX_CALLS);
        long calls = Math.round(wanted);
        return (int) Math.max(least, Math.min(most, calls));
    }

    /** Cells of one group share their calls per run. */
    static List<Object> groupOf(Cell c) {
        if (c.series() == Series.LIBRARIES) {
            // a client library's own count: dbus-java-stock is 5-40x slower per call than the lean clients, so a
            // count shared with the matrix made its runs take ~1 s and the matrix's (set by the median) ~20 ms
            return List.of(Series.LIBRARIES, c.pair().client(), c.mode(), c.payloadBytes(), c.window());
        }
        // each placement its own: a sync bus call costs 3-4x more in cross than in one-cpu, and a count shared by the
        // two made one-cpu's runs last 27 ms and cross's 93 ms against --run-ms 50 (Intel 2-vCPU VM, 2026-12-05)
        return c.series() == Series.SWEEP
                ? List.of(Series.SWEEP, c.payloadBytes(), c.window(), c.placement())
                : List.of(Series.MATRIX, c.mode(), c.payloadBytes(), c.window(), c.placement());
    }
}
