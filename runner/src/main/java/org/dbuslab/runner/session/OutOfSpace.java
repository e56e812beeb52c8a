package org.dbuslab.runner.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * A session stopped by a full results folder: the one line that names the folder and its filesystem's space,
 * instead of the write that happened to fail first (runs.csv, precision.tsv, a log).
 */
public final class OutOfSpace {

    /** Less than this left counts as full too (the kernel's message may be in another language). */
    static final long NEARLY_FULL_BYTES = 64 * 1024;

    private OutOfSpace() {
    }

    /** The line, when FAILURE is a write that failed and FOLDER's filesystem is out of space. */
    public static Optional<String> line(Throwable failure, Path folder) {
        if (folder == null || !ioFailure(failure)) {
            return Optional.empty();
        }
        try {
            FileStore store = Files.getFileStore(existing(folder));
            long free = store.getUsableSpace();
            if (!saysNoSpace(failure) && free >= NEARLY_FULL_BYTES) {
                return Optional.empty();
            }
            return Optional.of("the results folder " + folder + " is out of space (" + size(free) + " free of "
                + size(store.getTotalSpace()) + " on its filesystem): the session stopped; the rows written so far"
                + " are in its runs.csv");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static boolean ioFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof IOException || t instanceof UncheckedIOException) {
                return true;
            }
        }
        return false;
    }

    private static boolean saysNoSpace(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("No space left on device")) {
                return true;
            }
        }
        return false;
    }

    private static Path existing(Path folder) {
        Path p = folder.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p == null ? Path.of("/") : p;
    }
}
