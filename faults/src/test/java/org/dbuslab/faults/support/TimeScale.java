package org.dbuslab.faults.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much longer than on an idle machine the fault cases' timeouts and bounds are. A case checks that a fault is
 * handled (a call lost, a peer dropped, an exit), never how fast: so beside a CPU hog, where a cold JVM took more
 * than 5 s to get through SASL, its timeouts stretch instead of failing the case. {@code -Dlab.test.timeScale=F}
 * sets the factor; otherwise it follows the machine's load per CPU (1-minute load average ÷ CPUs), read again before
 * each case ({@link Budget#rescale}): the idle values held all 71 cases at 7.5-9 per CPU in 3 forks, and 19 failed
 * at 15-18 per CPU, so the factor is a quarter of the load per CPU, at least 1.
 */
final class TimeScale {

    static final String PROPERTY = "lab.test.timeScale";
    /** Beyond this a hang would take minutes to show. */
    static final double MAX = 6;

    private TimeScale() {
    }

    static double current() {
        String given = System.getProperty(PROPERTY, "").trim();
        if (!given.isEmpty()) {
            return of(given);
        }
        return fromLoad(loadPerCpu());
    }

    /** The factor -Dlab.test.timeScale gives, within 1 to MAX. */
    static double of(String text) {
        try {
            return clamp(Double.parseDouble(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + " must be a number, got '" + text + "'");
        }
    }

    /** Runnable tasks per CPU that one unit of the factor stands for. */
    static final double LOAD_PER_UNIT = 4;

    /** The factor for a machine with LOAD runnable tasks per CPU (1-minute load average ÷ CPUs). */
    static double fromLoad(double load) {
        return clamp(load / LOAD_PER_UNIT);
    }

    private static double clamp(double factor) {
        return Double.isFinite(factor) ? Math.max(1, Math.min(MAX, factor)) : 1;
    }

    private static double loadPerCpu() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return Double.parseDouble(fields[0]) / Runtime.getRuntime().availableProcessors();
        } catch (IOException | RuntimeException e) {
            return 1; // no /proc/loadavg: the idle machine's timeouts
        }
    }
}
