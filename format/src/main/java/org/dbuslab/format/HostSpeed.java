package org.dbuslab.format;

import org.dbuslab.stats.Quantiles;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which halves of the measured blocks the host slowed, from host-speed.tsv: a half is set aside when, on a CPU its
 * placement uses, the readings at both its start and its end took more than {@link #SLOWER} longer than that CPU's
 * median reading. Both ends, because a slowdown seen on one side only was short: on a quiet host one reading in 25
 * is that slow on one of two CPUs, two in a row one in several hundred. The runner leaves such halves out of its
 * stopping rule, the analysis out of every figure; runs.csv keeps their runs.
 */
public final class HostSpeed {

    /** How much longer than its CPU's median a reading must take to count as slowed. */
    public static final double SLOWER = 0.15;
    /**
     * Readings of a CPU below which its median says too little to judge against: a --quick session (3 measured blocks,
     * 9 readings) sets nothing aside, since every half it lost would be a third of a cell's runs.
     */
    public static final int LEAST_READINGS = 10;

    /** One half of a block: its round (runs.csv's) and placement. */
    public record Half(int round, Placement placement) {
    }

    /** A half set aside: the CPU that was slowed and how many times its median the faster of its two readings took. */
    public record Slowed(Half half, int cpu, double times) {
    }

    private HostSpeed() {
    }

    /** Each CPU's median reading (ns), over the distinct readings in ROWS. */
    public static Map<Integer, Double> medians(List<HostSpeedTsv.Row> rows) {
        Map<Integer, Map<Integer, Long>> byCpu = new HashMap<>();
        for (HostSpeedTsv.Row r : rows) {
            byCpu.computeIfAbsent(r.cpu(), k -> new HashMap<>()).put(r.probe(), r.workNs());
        }
        Map<Integer, Double> out = new HashMap<>();
        byCpu.forEach((cpu, readings) -> {
            if (readings.size() >= LEAST_READINGS) {
                out.put(cpu, Quantiles.median(readings.values().stream().mapToDouble(Long::doubleValue).toArray()));
            }
        });
        return out;
    }

    /** The halves ROWS show slowed, against each CPU's median over ROWS, in the order they first appear. */
    public static List<Slowed> slowed(List<HostSpeedTsv.Row> rows) {
        return slowed(rows, medians(rows));
    }

    /** The halves ROWS show slowed against MEDIANS (ns per CPU; a CPU without one is not judged). */
    public static List<Slowed> slowed(List<HostSpeedTsv.Row> rows, Map<Integer, Double> medians) {
        Map<Half, Map<Integer, long[]>> ends = new LinkedHashMap<>(); // per CPU in use: {start, end}, 0 when missing
        for (HostSpeedTsv.Row r : rows) {
            if (!r.inUse()) {
                continue;
            }
            long[] both = ends.computeIfAbsent(new Half(r.round(), r.placement()), k -> new LinkedHashMap<>())
                .computeIfAbsent(r.cpu(), k -> new long[2]);
            both[r.edge() == HostSpeedTsv.Edge.START ? 0 : 1] = r.workNs();
        }
        List<Slowed> out = new ArrayList<>();
        ends.forEach((half, cpus) -> worst(half, cpus, medians).ifPresent(out::add));
        return out;
    }

    /** The most slowed CPU of HALF, if any was slowed at both ends. */
    private static Optional<Slowed> worst(Half half, Map<Integer, long[]> cpus, Map<Integer, Double> medians) {
        Slowed worst = null;
        for (Map.Entry<Integer, long[]> e : cpus.entrySet()) {
            Double median = medians.get(e.getKey());
            long faster = Math.min(e.getValue()[0], e.getValue()[1]);
            if (median == null || faster == 0) {
                continue;
            }
            double times = faster / median;
            if (times > 1 + SLOWER && (worst == null || times > worst.times())) {
                worst = new Slowed(half, e.getKey(), times);
            }
        }
        return Optional.ofNullable(worst);
    }
}
