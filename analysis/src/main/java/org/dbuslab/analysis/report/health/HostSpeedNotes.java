package org.dbuslab.analysis.report.health;

import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.read.HostSpeedReader;
import org.dbuslab.analysis.read.HostSpeedReadings;
import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.format.HostSpeed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Lab health's paragraph on the host's speed (host-speed.tsv): what the probe read on each CPU, and which halves of the
 * blocks it set aside because the host slowed a CPU they run on; nothing for a folder without the file.
 */
public final class HostSpeedNotes {

    /** Stretches of set-aside halves named one by one; the rest are counted. */
    static final int NAMED = 6;
    private static final double NS_PER_MS = 1e6;

    private HostSpeedNotes() {
    }

    public static List<String> of(ResultsFolder folder) {
        return folder.hostSpeed().map(h -> List.of(h.slowed().isEmpty() ? quiet(h) : setAside(h, folder.hostSlowedRuns())))
                .orElse(List.of());
    }

    private static String quiet(HostSpeedReadings h) {
        if (h.rows().isEmpty()) { // a session that ended before its first measured block
            return "Host speed (" + HostSpeedReader.FILE + "): the probe made no reading, so no half of a block was set aside.";
        }
        return "Host speed (" + HostSpeedReader.FILE + "): the probe saw no lasting slowdown, so no half of a block was set "
                + "aside (" + cpus(h) + ").";
    }

    private static String setAside(HostSpeedReadings h, long runs) {
        String counts = h.halvesSetAside().entrySet().stream()
                .map(e -> e.getValue() + " of " + h.halvesRead().get(e.getKey()) + " " + e.getKey() + " halves")
                .collect(Collectors.joining(" and "));
        return "Host speed (" + HostSpeedReader.FILE + "): around each half of every measured block (its runs of one "
                + "placement) the runner timed a fixed piece of work on each CPU (" + cpus(h) + "). A half is set aside "
                + "when, on a CPU it runs on, the readings at both its start and its end took more than "
                + Numbers.percent(HostSpeed.SLOWER) + " longer than that CPU's median. That set aside " + counts + ": the "
                + stretches(h.slowed()) + ". Their " + runs + " measured run(s) stay in runs.csv with phase measure but are "
                + "left out of every figure.";
    }

    /** "CPU 0: 171 readings, median 2.10 ms; CPU 1: …", a CPU too little read to be judged saying so. */
    private static String cpus(HostSpeedReadings h) {
        return h.cpus().stream().map(cpu -> {
            Double median = h.medians().get(cpu);
            return "CPU " + cpu + ": " + h.readings(cpu) + " readings, " + (median == null
                    ? "too few to judge it by (" + HostSpeed.LEAST_READINGS + " needed)"
                    : "median " + Numbers.fixed(median / NS_PER_MS, 2) + " ms");
        }).collect(Collectors.joining("; "));
    }

    /** "cross halves of blocks 62–70 (CPU 1 at 1.21–1.62× its median)": consecutive blocks of one placement and CPU. */
    static String stretches(List<HostSpeed.Slowed> slowed) {
        Map<String, List<HostSpeed.Slowed>> byPlacementAndCpu = new LinkedHashMap<>();
        slowed.stream().sorted(Comparator.comparingInt(s -> s.half().round()))
                .forEach(s -> byPlacementAndCpu.computeIfAbsent(s.half().placement().label() + " " + s.cpu(),
                        k -> new ArrayList<>()).add(s));
        List<List<HostSpeed.Slowed>> stretches = new ArrayList<>();
        byPlacementAndCpu.values().forEach(halves -> {
            List<HostSpeed.Slowed> stretch = new ArrayList<>();
            for (HostSpeed.Slowed s : halves) {
                if (!stretch.isEmpty() && s.half().round() != stretch.get(stretch.size() - 1).half().round() + 1) {
                    stretches.add(stretch);
                    stretch = new ArrayList<>();
                }
                stretch.add(s);
            }
            stretches.add(stretch);
        });
        stretches.sort(Comparator.comparingInt(s -> s.get(0).half().round()));
        List<String> named = stretches.stream().limit(NAMED).map(HostSpeedNotes::stretch).collect(Collectors.toList());
        if (stretches.size() > NAMED) {
            named.add("and " + stretches.stream().skip(NAMED).mapToInt(List::size).sum() + " more halves");
        }
        return String.join("; ", named);
    }

    private static String stretch(List<HostSpeed.Slowed> halves) {
        HostSpeed.Slowed first = halves.get(0);
        int last = halves.get(halves.size() - 1).half().round();
        double low = halves.stream().mapToDouble(HostSpeed.Slowed::times).min().orElseThrow();
        double high = halves.stream().mapToDouble(HostSpeed.Slowed::times).max().orElseThrow();
        String times = Numbers.factor(low) + (Numbers.factor(low).equals(Numbers.factor(high)) ? "" : "–" + Numbers.factor(high));
        return first.half().placement().label() + (halves.size() == 1 ? " half of block " + last
                : " halves of blocks " + first.half().round() + "–" + last)
                + " (CPU " + first.cpu() + " at " + times + "× its median)";
    }
}
