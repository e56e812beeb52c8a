package org.dbuslab.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One profile of the profiling pass (profiles/*.collapsed, docs/RESULTS-FORMAT.md): a header of comment lines that
 * names what was profiled, then the "collapsed" (folded) stacks every flame-graph tool reads, one distinct stack per
 * line, root frame first, frames joined by ';', then a space and how many samples had exactly that stack.
 *
 * <pre>
 * # dbus-lab collapsed stacks 1
 * # what: client of dbus-daemon dbus-java-stock&gt;dbus-java-stock sync 1000 B
 * # event: cpu-clock
 * # samples: 2913
 * main;org/dbuslab/stock/StockCallPath.call;... 17
 * </pre>
 *
 * The header's keys are free text without ':' or line breaks; {@value #SAMPLES} is written from the stacks (their
 * counts' sum) and checked when read. Lines are UTF-8, '\n'-terminated; a frame never holds ';' or a line break
 * (those become '_' when written). The stacks keep the order they were added in, the header its key order.
 *
 * @param header the header's keys and values, in file order ({@value #SAMPLES} included)
 * @param stacks each distinct stack (frames root first) and its sample count (at least 1)
 */
public record CollapsedStacks(Map<String, String> header, Map<List<String>, Long> stacks) {

    /** The first line of every such file. */
    public static final String MAGIC = "# dbus-lab collapsed stacks 1";
    public static final String SAMPLES = "samples";
    /** The file name's extension. */
    public static final String EXTENSION = ".collapsed";

    public CollapsedStacks {
        header = Collections.unmodifiableMap(new LinkedHashMap<>(header));
        LinkedHashMap<List<String>, Long> copy = new LinkedHashMap<>();
        stacks.forEach((k, v) -> copy.put(List.copyOf(k), v));
        stacks = Collections.unmodifiableMap(copy);
        for (Map.Entry<String, String> e : header.entrySet()) {
            if (!validKey(e.getKey())) {
                throw new IllegalArgumentException("header key '" + e.getKey() + "' (no ':', '#', spaces or line breaks)");
            }
        }
        for (Map.Entry<List<String>, Long> e : stacks.entrySet()) {
            if (e.getKey().isEmpty() || e.getValue() < 1) {
                throw new IllegalArgumentException("a stack needs a frame and at least one sample: " + e);
            }
        }
    }

    /** The sum of the stacks' counts. */
    public long samples() {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** A header value, or "" when the header does not have it. */
    public String get(String key) {
        return header.getOrDefault(key, "");
    }

    /** The same stacks with this header value added or replaced. */
    public CollapsedStacks with(String key, String value) {
        Map<String, String> h = new LinkedHashMap<>(header);
        h.put(key, value);
        return new CollapsedStacks(h, stacks);
    }

    /** The file's lines: magic, header ({@value #SAMPLES} last, from the stacks), stacks. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(MAGIC);
        header.forEach((k, v) -> {
            if (!k.equals(SAMPLES)) {
                out.add("# " + k + ": " + oneLine(v));
            }
        });
        out.add("# " + SAMPLES + ": " + samples());
        stacks.forEach((frames, count) -> out.add(String.join(";", frames.stream().map(CollapsedStacks::frame).toList())
            + " " + count));
        return out;
    }

    /** Writes FILE as a whole (temp file and rename). */
    public void write(Path file) {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.write(tmp, lines(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static CollapsedStacks read(Path file) {
        return parse(String.valueOf(file.getFileName()), Tsv.readLines(file));
    }

    /**
     * A file's lines, checked: the magic line, header lines "# key: value", then stack lines "FRAMES COUNT" (blank
     * lines ignored; a stack seen twice is added up); a header that states a sample count other than the stacks' sum is
     * an error.
     */
    public static CollapsedStacks parse(String file, List<String> lines) {
        if (lines.isEmpty() || !lines.get(0).equals(MAGIC)) {
            throw new FormatException(file, 1, "expected '" + MAGIC + "'");
        }
        Map<String, String> header = new LinkedHashMap<>();
        Map<List<String>, Long> stacks = new LinkedHashMap<>();
        int i = 1;
        for (; i < lines.size() && lines.get(i).startsWith("#"); i++) {
            String line = lines.get(i);
            int colon = line.indexOf(": ");
            String key = colon < 2 ? "" : line.substring(2, colon);
            if (!line.startsWith("# ") || !validKey(key)) {
                throw new FormatException(file, i + 1, "a header line is '# key: value', found '" + line + "'");
            }
            header.put(key, line.substring(colon + 2));
        }
        for (; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            if (space < 1) {
                throw new FormatException(file, i + 1, "a stack line is 'frame;frame;... COUNT'");
            }
            long count = Tsv.longValue(file, i + 1, "count", line.substring(space + 1), 1);
            stacks.merge(List.of(line.substring(0, space).split(";", -1)), count, Long::sum);
        }
        CollapsedStacks parsed = new CollapsedStacks(header, stacks);
        String stated = header.get(SAMPLES);
        if (stated != null && !stated.equals(Long.toString(parsed.samples()))) {
            throw new FormatException(file, lines.size(), "the header says " + stated + " samples, the stacks hold "
                + parsed.samples());
        }
        return parsed;
    }

    /** Collects samples stack by stack, adding up repeated stacks, for a new file. */
    public static final class Builder {

        private final Map<String, String> header = new LinkedHashMap<>();
        private final Map<List<String>, Long> stacks = new LinkedHashMap<>();

        public Builder header(String key, String value) {
            header.put(key, value);
            return this;
        }

        /** FRAMES (root first) seen COUNT more times. */
        public Builder add(List<String> frames, long count) {
            if (!frames.isEmpty() && count > 0) {
                stacks.merge(List.copyOf(frames), count, Long::sum);
            }
            return this;
        }

        public Builder addAll(CollapsedStacks other) {
            other.stacks().forEach(this::add);
            return this;
        }

        public long samples() {
            return stacks.values().stream().mapToLong(Long::longValue).sum();
        }

        public CollapsedStacks build() {
            return new CollapsedStacks(header, stacks);
        }
    }

    private static boolean validKey(String key) {
        return !key.isEmpty() && key.chars().noneMatch(c -> c == ':' || c == '#' || Character.isWhitespace(c));
    }

    private static String oneLine(String value) {
        return value.replace('\n', ' ').replace('\r', ' ');
    }

    private static String frame(String f) {
        String s = f.replace(';', '_').replace('\n', '_').replace('\r', '_');
        return s.isEmpty() ? "[empty]" : s;
    }
}
