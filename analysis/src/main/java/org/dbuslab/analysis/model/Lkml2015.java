package org.dbuslab.analysis.model;

import org.dbuslab.stats.Quantiles;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The seed's table (REFERENCE.md §1; LKML, "[GIT PULL] kdbus for 4.1-rc1", Lukasz Skalski, April 2015): elapsed seconds
 * per run of the GLib <em>asynchronous</em> client, 128 calls per run, GLib echo server, four runs per size, with
 * "GLib with native kdbus support" and "GLib + dbus-daemon". The thread gives no table for its synchronous client
 * (20000 calls per run). Their hardware, 2015: only shapes and ratios compare with the lab's figures.
 */
public final class Lkml2015 {

    public static final String SOURCE = "LKML 2015 (kdbus for 4.1-rc1; GLib async client, 128 calls per run, 4 runs; their hardware)";
    public static final String MODE = "async";
    public static final int CALLS = 128;
    public static final List<Integer> SIZES = List.of(1000, 10000);

    /** The seed's own words on the mode of its table (Lukasz Skalski's mail), quoted exactly. */
    public static final String QUOTE = "\"For asynchronous version of client I had to decrease number of calls to 128 (for synchronous "
            + "version it was x20000 calls), otherwise we can exceed the maximum number of pending replies per connection.\" "
            + "Its columns: \"GLIB WITH NATIVE KDBUS SUPPORT*\" and \"GLIB + DBUS-DAEMON\", \"*all tests performed without "
            + "using memfd mechanism.\"";

    private static final double[] KDBUS_1000 = {0.018639, 0.017045, 0.017490, 0.018001};
    private static final double[] KDBUS_10000 = {0.019898, 0.022187, 0.020854, 0.020020};
    private static final double[] DAEMON_1000 = {0.029947, 0.032812, 0.029971, 0.026485};
    private static final double[] DAEMON_10000 = {0.040914, 0.033604, 0.037616, 0.033772};

    private Lkml2015() {
    }

    /** The four runs' seconds, as the thread lists them. */
    public static double[] kdbus(int size) {
        return size == 1000 ? KDBUS_1000.clone() : KDBUS_10000.clone();
    }

    public static double[] dbusDaemon(int size) {
        return size == 1000 ? DAEMON_1000.clone() : DAEMON_10000.clone();
    }

    public static double median(double[] runs) {
        return Quantiles.median(runs);
    }

    /** The seed's 10000 B ÷ 1000 B of median seconds per run, of {@link #dbusDaemon} or {@link #kdbus}. */
    public static double sizeRatio(IntFunction<double[]> runs) {
        return median(runs.apply(SIZES.get(1))) / median(runs.apply(SIZES.get(0)));
    }

    /** The seed's dbus-daemon ÷ kdbus of median seconds per run at one size. */
    public static double busRatio(int size) {
        return median(dbusDaemon(size)) / median(kdbus(size));
    }

    /** "0.026485–0.032812 s, median 0.029959 s" */
    public static String rangeAndMedian(double[] runs) {
        return range(runs) + ", median " + String.format(java.util.Locale.ROOT, "%.6f", median(runs)) + " s";
    }

    /** "0.026485–0.032812 s": the seed's range, exactly as printed. */
    public static String range(double[] runs) {
        double[] sorted = runs.clone();
        Arrays.sort(sorted);
        return String.format(java.util.Locale.ROOT, "%.6f–%.6f s", sorted[0], sorted[sorted.length - 1]);
    }
}
