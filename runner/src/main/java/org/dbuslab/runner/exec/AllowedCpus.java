package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A CPU list as the kernel writes it (Cpus_allowed_list in /proc/PID/status, taskset -c): "0-3", "2,5", "0-1,8".
 * The lab pins only to the CPUs its own process is allowed (sched_getaffinity), never to hard-coded numbers.
 */
public final class AllowedCpus {

    private AllowedCpus() {
    }

    /** The CPUs of LIST, ascending and distinct; IllegalArgumentException when it is not a CPU list. */
    public static List<Integer> parse(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String item : list.strip().split(",")) {
            if (!item.matches("[0-9]{1,5}(-[0-9]{1,5})?")) {
                throw new IllegalArgumentException("not a CPU list: '" + list + "'");
            }
            String[] range = item.split("-");
            int low = Integer.parseInt(range[0]);
            int high = range.length == 2 ? Integer.parseInt(range[1]) : low;
            if (high < low) {
                throw new IllegalArgumentException("not a CPU list: '" + list + "'");
            }
            for (int c = low; c <= high; c++) {
                cpus.add(c);
            }
        }
        return List.copyOf(cpus);
    }

    /** CPUS as a list taskset -c takes, runs of consecutive CPUs as ranges ("0-2,5"). */
    public static String format(List<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        List<Integer> sorted = List.copyOf(new TreeSet<>(cpus));
        for (int i = 0; i < sorted.size(); ) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            parts.add(i == j ? sorted.get(i).toString() : sorted.get(i) + "-" + sorted.get(j));
            i = j + 1;
        }
        return String.join(",", parts);
    }

    /** The Cpus_allowed_list line of a /proc status file's text, or null when it has none. */
    static String allowedListOf(String statusText) {
        return statusText.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst()
            .map(l -> l.substring("Cpus_allowed_list:".length()).strip()).orElse(null);
    }

    /** The CPUs this JVM may run on; 0..availableProcessors-1 where /proc says nothing. */
    public static List<Integer> ofThisProcess() {
        try {
            String list = allowedListOf(Files.readString(Path.of("/proc/self/status")));
            if (list != null) {
                return parse(list);
            }
        } catch (IOException | IllegalArgumentException e) {
            // not Linux, or an unexpected format: fall back to the count
        }
        List<Integer> all = new ArrayList<>();
        for (int c = 0; c < Runtime.getRuntime().availableProcessors(); c++) {
            all.add(c);
        }
        return all;
    }
}
