package org.dbuslab.runner.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.dbuslab.format.CollapsedStacks;

/**
 * async-profiler's own collapsed output (no header: "frame;frame;... COUNT" lines) into the lab's collapsed stacks, all
 * threads or (a wall profile made with its {@code threads} option, whose stacks start with "[NAME tid=N]") one thread
 * by name, that frame dropped.
 */
public final class AsyncProfilerOutput {

    private static final Pattern THREAD = Pattern.compile("^\\[(.*) tid=\\d+\\]$");

    private AsyncProfilerOutput() {
    }

    /** Every stack of FILE into BUILDER; THREAD non-null keeps only that thread's stacks (without the thread frame). */
    public static void read(Path file, String thread, CollapsedStacks.Builder builder) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            add(line, thread, builder);
        }
    }

    static void add(String line, String thread, CollapsedStacks.Builder builder) {
        int space = line.lastIndexOf(' ');
        if (line.isBlank() || line.startsWith("#") || space < 1) {
            return;
        }
        long count;
        try {
            count = Long.parseLong(line.substring(space + 1));
        } catch (NumberFormatException e) {
            return;
        }
        List<String> frames = Arrays.asList(line.substring(0, space).split(";", -1));
        if (thread != null) {
            Matcher m = THREAD.matcher(frames.get(0));
            if (!m.matches() || !m.group(1).equals(thread)) {
                return;
            }
            frames = frames.subList(1, frames.size());
        }
        builder.add(frames.isEmpty() ? List.of("[" + thread + "]") : frames, count);
    }

    /** Whether PID runs a JVM (its executable is named java). */
    public static boolean isJvm(long pid) {
        try {
            Path exe = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
            return String.valueOf(exe.getFileName()).equals("java");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
