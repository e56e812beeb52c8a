package org.dbuslab.analysis.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.dbuslab.format.CollapsedStacks;
import org.dbuslab.format.ProfilesTsv;

/**
 * One profile of the profiling pass (a client's, server's or bus's CPU, or a client's calling thread's wall clock) as
 * read and categorised: its samples by {@link FrameCategory} and by part, and its frames by self time.
 *
 * @param row        its profiles.tsv row
 * @param stacks     its stacks
 * @param byCategory samples per category (every category present, zero or not)
 * @param byPart     samples per (category, part), largest first
 * @param selfFrames samples per leaf frame (annotations dropped), largest first
 */
public record RoleProfile(ProfilesTsv.Row row, CollapsedStacks stacks, Map<FrameCategory, Long> byCategory,
                          Map<Part, Long> byPart, List<SelfFrame> selfFrames) {

    /** A category's part: a rule's label ("ay as boxed bytes ..."). */
    public record Part(FrameCategory category, String part) {
        @Override
        public String toString() {
            return category.label() + ": " + part;
        }
    }

    /** A frame and the samples it was the leaf of. */
    public record SelfFrame(String frame, long samples) {
    }

    public static RoleProfile of(ProfilesTsv.Row row, CollapsedStacks stacks) {
        boolean wall = row.kind().equals(ProfilesTsv.WALL);
        Map<FrameCategory, Long> byCategory = new EnumMap<>(FrameCategory.class);
        for (FrameCategory c : FrameCategory.values()) {
            byCategory.put(c, 0L);
        }
        Map<Part, Long> byPart = new HashMap<>();
        Map<String, Long> self = new HashMap<>();
        stacks.stacks().forEach((frames, count) -> {
            Categories.Match m = wall ? Categories.wall(frames) : Categories.cpu(frames);
            byCategory.merge(m.category(), count, Long::sum);
            byPart.merge(new Part(m.category(), m.part()), count, Long::sum);
            self.merge(Categories.normalise(frames.get(frames.size() - 1)), count, Long::sum);
        });
        return new RoleProfile(row, stacks, byCategory, sorted(byPart), sorted(self).entrySet().stream()
            .map(e -> new SelfFrame(e.getKey(), e.getValue())).toList());
    }

    public long samples() {
        return stacks.samples();
    }

    public String role() {
        return row.role();
    }

    public boolean wall() {
        return row.kind().equals(ProfilesTsv.WALL);
    }

    /** The share of samples in CATEGORY (0 without samples). */
    public double share(FrameCategory category) {
        return samples() == 0 ? 0 : (double) byCategory.get(category) / samples();
    }

    /** The share of samples a rule named: all but {@link FrameCategory#OTHER}. */
    public double categorisedShare() {
        return samples() == 0 ? 0 : 1 - share(FrameCategory.OTHER);
    }

    /**
     * CPU µs per call of this role while profiled: its processes' measured CPU time (profiles.tsv's cpu_ns) or, where
     * that is unknown (libdbus's spam client), samples × interval; NaN without calls.
     */
    public double cpuUsPerCall() {
        if (row.calls() <= 0) {
            return Double.NaN;
        }
        double ns = row.cpuNs() >= 0 ? row.cpuNs() : (double) samples() * row.intervalNs();
        return ns / 1000.0 / row.calls();
    }

    /** µs per call in CATEGORY: its share of the samples times {@link #cpuUsPerCall}. */
    public double usPerCall(FrameCategory category) {
        return share(category) * cpuUsPerCall();
    }

    /** µs per call in PART. */
    public double usPerCall(Part part) {
        return samples() == 0 ? 0 : (double) byPart.getOrDefault(part, 0L) / samples() * cpuUsPerCall();
    }

    /** The flame graph's file name beside the profile: X.collapsed as X.svg. */
    public String svgName() {
        return svgName(row.file());
    }

    public static String svgName(String collapsedFile) {
        return collapsedFile.substring(0, collapsedFile.length() - CollapsedStacks.EXTENSION.length()) + ".svg";
    }

    private static <K> Map<K, Long> sorted(Map<K, Long> counts) {
        List<Map.Entry<K, Long>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<K, Long>comparingByValue(Comparator.reverseOrder())
            .thenComparing(e -> String.valueOf(e.getKey())));
        Map<K, Long> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }
}
