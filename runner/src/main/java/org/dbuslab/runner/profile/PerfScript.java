package org.dbuslab.runner.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.dbuslab.format.CollapsedStacks;

/**
 * Collapses {@code perf script} output (one sample per paragraph: a header line, then its call chain one frame a line,
 * leaf first, as {@code ADDRESS SYMBOL[+OFFSET] (DSO)}) into collapsed stacks, root first, one sample each:
 * <ul>
 * <li>a kernel frame (DSO {@code [kernel.kallsyms]}) ends in {@value #KERNEL}, as async-profiler marks them;</li>
 * <li>a frame perf has no symbol for ({@code [unknown]}) is shown by its library: {@code [libglib-2.0.so]} (the DSO's
 * file name without its version), and a run of such frames of one library is one frame; a program without symbols
 * (a stripped dbus-daemon) is {@code [dbus-daemon]};</li>
 * <li>offsets ({@code +0x4f}) are dropped, so one function is one frame.</li>
 * </ul>
 */
public final class PerfScript {

    /** The suffix of kernel frames (async-profiler's collapsed output uses the same). */
    public static final String KERNEL = "_[k]";
    private static final Pattern FRAME = Pattern.compile("^([0-9a-fA-F]+)\\s+(.+?)(?:\\s+\\((.*)\\))?$");
    private static final Pattern OFFSET = Pattern.compile("\\+0x[0-9a-fA-F]+$");
    private static final Pattern SO_VERSION = Pattern.compile("(\\.so)(\\.[0-9.]+)$");

    private PerfScript() {
    }

    /** Reads every sample of IN into BUILDER; the number of samples read. */
    public static long collapse(BufferedReader in, CollapsedStacks.Builder builder) throws IOException {
        long samples = 0;
        List<String> leafFirst = new ArrayList<>();
        boolean inSample = false;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                if (inSample) {
                    add(builder, leafFirst);
                    samples++;
                }
                inSample = false;
                leafFirst.clear();
            } else if (!Character.isWhitespace(line.charAt(0))) {
                if (inSample) { // a sample without the blank line perf puts after each
                    add(builder, leafFirst);
                    samples++;
                }
                inSample = true;
                leafFirst.clear();
            } else if (inSample) {
                String frame = frame(line.strip());
                if (frame != null) {
                    leafFirst.add(frame);
                }
            }
        }
        if (inSample) {
            add(builder, leafFirst);
            samples++;
        }
        return samples;
    }

    /** The stack as collapsed: root first, runs of one library's unknown frames merged; [unknown] when empty. */
    static List<String> rootFirst(List<String> leafFirst) {
        List<String> root = new ArrayList<>(leafFirst);
        Collections.reverse(root);
        List<String> out = new ArrayList<>(root.size());
        for (String f : root) {
            if (!out.isEmpty() && f.startsWith("[") && f.equals(out.get(out.size() - 1))) {
                continue;
            }
            out.add(f);
        }
        return out.isEmpty() ? List.of("[unknown]") : out;
    }

    private static void add(CollapsedStacks.Builder builder, List<String> leafFirst) {
        builder.add(rootFirst(leafFirst), 1);
    }

    /** One frame line's name, or null for a line that is not a frame. */
    static String frame(String text) {
        Matcher m = FRAME.matcher(text);
        if (!m.matches()) {
            return null;
        }
        String symbol = OFFSET.matcher(m.group(2).strip()).replaceFirst("");
        String dso = m.group(3) == null ? "" : m.group(3).strip();
        boolean kernel = dso.startsWith("[kernel");
        if (symbol.equals("[unknown]") || symbol.isEmpty()) {
            return "[" + library(dso) + "]" + (kernel ? KERNEL : "");
        }
        return kernel ? symbol + KERNEL : symbol;
    }

    /** A DSO path as a library name: its file name without the version after .so; "unknown" when perf has none. */
    static String library(String dso) {
        if (dso.isEmpty() || dso.equals("[unknown]")) {
            return "unknown";
        }
        String name = dso.startsWith("[") && dso.endsWith("]") ? dso.substring(1, dso.length() - 1) : dso;
        int slash = name.lastIndexOf('/');
        name = slash >= 0 ? name.substring(slash + 1) : name;
        return SO_VERSION.matcher(name).replaceFirst("$1");
    }
}
