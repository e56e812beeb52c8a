package org.dbuslab.analysis.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.RunRecord;

/**
 * The order the runs were made in, from runs.csv's started_utc (rows without one keep their place in the
 * file). Interleaving transports matters: a machine that drifts (thermal, background jobs) would otherwise
 * bias whichever transport ran last. Pure computation.
 *
 * @param runs            every run, warm-ups included, in the order they started
 * @param fromTimestamps  true when every run had a started_utc
 * @param groups          per cell shape (mode, payload, window, calls) of the subject cells: how the transports
 *                        took turns (reference, sweep and over-limit runs are in {@code runs} but not grouped)
 */
public record RunOrder(List<RunRecord> runs, boolean fromTimestamps, List<Group> groups) {

    /** How runs of one shape were ordered across transports. */
    public enum Pattern {
        /** Each transport's measured runs one after another: drift goes into the comparison. */
        BLOCKED,
        /** Transports took turns. */
        INTERLEAVED,
        /** Only one transport, or too few runs to say. */
        SINGLE
    }

    /**
     * @param transports the transport of each measured run of this shape, in order
     * @param switches   how often consecutive measured runs changed transport
     */
    public record Group(String shape, List<String> transports, Pattern pattern, int switches) {
    }

    public static RunOrder of(List<RunRecord> runs) {
        List<RunRecord> sorted = new ArrayList<>(runs);
        // List.sort is stable: equal or missing timestamps keep the order of the rows.
        sorted.sort(Comparator.comparing(RunRecord::startedUtc, Comparator.nullsLast(Comparator.<Instant>naturalOrder())));
        boolean fromTimestamps = !runs.isEmpty() && runs.stream().allMatch(r -> r.startedUtc() != null);
        if (!fromTimestamps) {
            sorted = new ArrayList<>(runs);
        }
        Map<CellKey, List<String>> byShape = new LinkedHashMap<>();
        sorted.stream().filter(RunRecord::measured).filter(run -> run.key().subject()).forEach(run -> byShape
                .computeIfAbsent(shapeOf(run.key()), k -> new ArrayList<>()).add(run.key().transport()));
        List<Group> groups = byShape.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(CellOrder.CELLS))
                .map(e -> group(e.getKey().shape(), e.getValue()))
                .toList();
        return new RunOrder(List.copyOf(sorted), fromTimestamps, groups);
    }

    /** A key with the transport blanked: the shape shared by the cells that are compared. */
    private static CellKey shapeOf(CellKey key) {
        return new CellKey("", key.mode(), key.payloadBytes(), key.window(), key.calls());
    }

    private static Group group(String shape, List<String> transports) {
        int switches = 0;
        for (int i = 1; i < transports.size(); i++) {
            if (!Objects.equals(transports.get(i), transports.get(i - 1))) {
                switches++;
            }
        }
        long distinct = transports.stream().distinct().count();
        Pattern pattern = distinct < 2 ? Pattern.SINGLE : switches == distinct - 1 ? Pattern.BLOCKED : Pattern.INTERLEAVED;
        return new Group(shape, List.copyOf(transports), pattern, switches);
    }

    public Instant first() {
        return runs.isEmpty() ? null : runs.get(0).startedUtc();
    }

    public Instant last() {
        return runs.isEmpty() ? null : runs.get(runs.size() - 1).startedUtc();
    }
}
