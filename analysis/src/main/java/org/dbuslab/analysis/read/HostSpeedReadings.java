package org.dbuslab.analysis.read;

import org.dbuslab.format.HostSpeed;
import org.dbuslab.format.HostSpeedTsv;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * host-speed.tsv as read, and which halves of the measured blocks its rule ({@link HostSpeed}) sets aside: the runs of
 * those halves are left out of every figure ({@link RunRecord#hostSlowed}).
 *
 * @param rows    the file's sound rows; a reading made between two halves is in two of them
 * @param medians each CPU's median reading (ns), for the CPUs with enough readings to be judged
 * @param slowed  the halves set aside, in the order the file first names them
 */
public record HostSpeedReadings(List<HostSpeedTsv.Row> rows, Map<Integer, Double> medians, List<HostSpeed.Slowed> slowed) {

    /** A half as runs.csv names it: its round (the block) and its placement's label. */
    private record HalfOfRuns(int block, String placement) {
    }

    public HostSpeedReadings {
        rows = List.copyOf(rows);
        medians = Map.copyOf(medians);
        slowed = List.copyOf(slowed);
    }

    public static HostSpeedReadings of(List<HostSpeedTsv.Row> rows) {
        Map<Integer, Double> medians = HostSpeed.medians(rows);
        return new HostSpeedReadings(rows, medians, HostSpeed.slowed(rows, medians));
    }

    /** Whether a run was made in a half set aside (any phase: the caller decides what that means for it). */
    public Predicate<RunRecord> inSlowedHalf() {
        Set<HalfOfRuns> halves = slowed.stream().map(s -> new HalfOfRuns(s.half().round(), s.half().placement().label()))
                .collect(Collectors.toSet());
        return run -> run.block() != null && halves.contains(new HalfOfRuns(run.block(), run.key().placement()));
    }

    /** The CPUs probed, in order. */
    public Set<Integer> cpus() {
        return rows.stream().map(HostSpeedTsv.Row::cpu).collect(Collectors.toCollection(TreeSet::new));
    }

    /** How many readings CPU has: distinct probes, the one between two halves counted once. */
    public int readings(int cpu) {
        return (int) rows.stream().filter(r -> r.cpu() == cpu).mapToInt(HostSpeedTsv.Row::probe).distinct().count();
    }

    /** CPU's slowest reading ÷ its median; NaN without a median (too few readings). */
    public double maxTimes(int cpu) {
        Double median = medians.get(cpu);
        long max = rows.stream().filter(r -> r.cpu() == cpu).mapToLong(HostSpeedTsv.Row::workNs).max().orElse(0);
        return median == null ? Double.NaN : max / median;
    }

    /**
     * CPU's reading ÷ its median at quantile Q of its distinct readings (0.1: the quick end, 0.9: the slow end); NaN
     * without a median. How far the host's speed wandered over the session.
     */
    public double timesAt(int cpu, double q) {
        double[] times = timesByProbe(cpu).values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return times.length == 0 ? Double.NaN : org.dbuslab.stats.Quantiles.ofSorted(times, q);
    }

    /** CPU's readings ÷ its median by probe, in probe order; empty without a median. */
    public Map<Integer, Double> timesByProbe(int cpu) {
        Double median = medians.get(cpu);
        Map<Integer, Double> out = new TreeMap<>();
        if (median != null) {
            rows.stream().filter(r -> r.cpu() == cpu).forEach(r -> out.put(r.probe(), r.workNs() / median));
        }
        return out;
    }

    /** The block each probe was read in (the earlier, should a probe's rows name two). */
    public Map<Integer, Integer> blockByProbe() {
        Map<Integer, Integer> out = new TreeMap<>();
        rows.forEach(r -> out.merge(r.probe(), r.round(), Math::min));
        return out;
    }

    /** Halves the probe read around, per placement label, in the reports' order of placements. */
    public Map<String, Integer> halvesRead() {
        Map<String, Set<Integer>> blocks = new TreeMap<>(Comparator.comparingInt(HostSpeedReadings::placementRank)
                .thenComparing(Comparator.naturalOrder()));
        rows.forEach(r -> blocks.computeIfAbsent(r.placement().label(), k -> new TreeSet<>()).add(r.round()));
        Map<String, Integer> out = new LinkedHashMap<>();
        blocks.forEach((placement, rounds) -> out.put(placement, rounds.size()));
        return out;
    }

    private static int placementRank(String placement) {
        int rank = Placements.ORDER.indexOf(placement);
        return rank < 0 ? Placements.ORDER.size() : rank;
    }

    /** Halves set aside per placement label (0 for a placement read but never set aside), as {@link #halvesRead}. */
    public Map<String, Integer> halvesSetAside() {
        Map<String, Integer> out = new LinkedHashMap<>();
        halvesRead().keySet().forEach(p -> out.put(p, 0));
        slowed.forEach(s -> out.merge(s.half().placement().label(), 1, Integer::sum));
        return out;
    }
}
