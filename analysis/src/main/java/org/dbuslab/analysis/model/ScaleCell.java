package org.dbuslab.analysis.model;

import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.Quantiles;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * One point of a scale series (scale-runs.csv): its key and what its measured runs add up to. The rate (calls or
 * delivered signals per second) is the median of the runs' rates with its bootstrap 95% interval; µs per operation
 * is 10⁶ / rate ({@code rateBlocks}: the block of each rate); CPU per operation is a component's CPU over all runs / the operations of the runs where it was read.
 */
public record ScaleCell(Key key, int runs, int blocks, long count, long lost, long mismatched, long duplicated, long outOfOrder,
                 long errors, double[] rates, int[] rateBlocks, double rateMedian, Interval rateCi95, double p50Us, double p99Us,
                 double jain, double cpuClientUs, double cpuBusUs, double cpuServerUs, double cpuRelayUs) {

    /**
     * What makes a point: the series and its parameters; ROUTE (ScaleRunsCsv.ROUTES) tells a distance point's direct,
     * relay and second-namespace runs apart (direct for every other series).
     */
    public record Key(String series, String transport, String mode, int window, int payloadBytes, int clients,
               int subscribers, int matchRules, double delayMs, String route) {
        public static Key of(ScaleRunsCsv.Row r) {
            return new Key(r.series(), r.transport(), r.mode(), r.window(), r.payloadBytes(), r.clients(),
                r.subscribers(), r.matchRules(), r.delayMs(), r.route());
        }
    }

    /** Each measured run's µs per operation (10⁶ / its rate), by block in block order: a point's runs for a paired CI. */
    public java.util.Map<Integer, double[]> usByBlock() {
        java.util.Map<Integer, List<Double>> lists = new java.util.TreeMap<>();
        for (int i = 0; i < rates.length; i++) {
            lists.computeIfAbsent(rateBlocks[i], k -> new java.util.ArrayList<>()).add(1e6 / rates[i]);
        }
        java.util.Map<Integer, double[]> out = new java.util.TreeMap<>();
        lists.forEach((block, us) -> out.put(block, us.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    /** Each measured run's µs per operation (10⁶ / its rate). */
    public double[] usPerOperationOfRuns() {
        return java.util.Arrays.stream(rates).map(r -> 1e6 / r).toArray();
    }

    public static ScaleCell of(Key key, List<ScaleRunsCsv.Row> measured, Bootstrap bootstrap) {
        List<ScaleRunsCsv.Row> rated = measured.stream().filter(r -> Double.isFinite(r.ratePerSecond())).toList();
        double[] rates = rated.stream().mapToDouble(ScaleRunsCsv.Row::ratePerSecond).toArray();
        int[] rateBlocks = rated.stream().mapToInt(ScaleRunsCsv.Row::block).toArray();
        double median = rates.length == 0 ? Double.NaN : Quantiles.median(rates);
        return new ScaleCell(key, measured.size(), (int) measured.stream().mapToInt(ScaleRunsCsv.Row::block).distinct().count(),
            sum(measured, ScaleRunsCsv.Row::count), sum(measured, ScaleRunsCsv.Row::lost),
            sum(measured, ScaleRunsCsv.Row::mismatched), sum(measured, ScaleRunsCsv.Row::duplicated),
            sum(measured, ScaleRunsCsv.Row::outOfOrder), sum(measured, ScaleRunsCsv.Row::errors), rates, rateBlocks, median,
            bootstrap.ofMedian(rates), medianUs(measured, ScaleRunsCsv.Row::p50Nanos),
            medianUs(measured, ScaleRunsCsv.Row::p99Nanos),
            median(measured.stream().mapToDouble(ScaleRunsCsv.Row::jain).filter(Double::isFinite).toArray()),
            cpuUs(measured, ScaleRunsCsv.Row::cpuClientNanos), cpuUs(measured, ScaleRunsCsv.Row::cpuBusNanos),
            cpuUs(measured, ScaleRunsCsv.Row::cpuServerNanos), cpuUs(measured, ScaleRunsCsv.Row::cpuRelayNanos));
    }

    /** No call or signal lost, mismatched, duplicated, out of order or failed, and at least one run. */
    public boolean clean() {
        return runs > 0 && lost == 0 && mismatched == 0 && duplicated == 0 && outOfOrder == 0 && errors == 0;
    }

    /** µs per call (or per delivered signal) at the median rate. */
    public double usPerOperation() {
        return 1e6 / rateMedian;
    }

    public Interval usPerOperationCi95() {
        return rateCi95.isDefined() ? new Interval(1e6 / rateCi95.high(), 1e6 / rateCi95.low()) : Interval.UNDEFINED;
    }

    private static long sum(List<ScaleRunsCsv.Row> rows, ToLongFunction<ScaleRunsCsv.Row> f) {
        return rows.stream().mapToLong(f).sum();
    }

    private static double median(double[] values) {
        return values.length == 0 ? Double.NaN : Quantiles.median(values);
    }

    private static double medianUs(List<ScaleRunsCsv.Row> rows, ToLongFunction<ScaleRunsCsv.Row> f) {
        return median(rows.stream().mapToLong(f).filter(v -> v >= 0).mapToDouble(v -> v / 1000.0).toArray());
    }

    /** A component's µs per operation over the runs where it was read; NaN when it never was. */
    private static double cpuUs(List<ScaleRunsCsv.Row> rows, ToLongFunction<ScaleRunsCsv.Row> f) {
        long ns = 0;
        long ops = 0;
        for (ScaleRunsCsv.Row r : rows) {
            if (f.applyAsLong(r) >= 0) {
                ns += f.applyAsLong(r);
                ops += r.count();
            }
        }
        return ops == 0 ? Double.NaN : ns / 1000.0 / ops;
    }
}
