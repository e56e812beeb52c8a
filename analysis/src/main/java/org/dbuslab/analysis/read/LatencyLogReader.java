package org.dbuslab.analysis.read;

import org.HdrHistogram.Histogram;
import org.dbuslab.format.LatencyLog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Reads the HdrHistogram logs runs.csv points to (one log per cell, one tagged interval histogram per
 * run, values in nanoseconds). Latency is an extra: a missing or corrupt log costs one warning and the
 * affected cells' percentiles, never the whole report.
 */
public final class LatencyLogReader {

    private LatencyLogReader() {
    }

    public static LatencyHistograms read(Path dir, List<RunRecord> runs, Consumer<String> warnings) {
        Map<String, List<LatencyRef>> byLog = runs.stream().map(RunRecord::latency).filter(ref -> ref != null)
                .distinct()
                .collect(Collectors.groupingBy(LatencyRef::log, LinkedHashMap::new, Collectors.toList()));
        Map<LatencyRef, Histogram> histograms = new HashMap<>();
        Set<LatencyRef> unreadable = new HashSet<>();
        byLog.forEach((log, refs) -> {
            Map<String, Histogram> byTag;
            try {
                byTag = readLog(dir, log);
            } catch (LogProblem e) {
                warnings.accept("latency log " + log + ": " + e.getMessage() + "; percentiles of its cell shown as n/a");
                unreadable.addAll(refs);
                return;
            }
            List<String> missingTags = refs.stream().map(LatencyRef::tag).filter(tag -> !byTag.containsKey(tag)).toList();
            if (!missingTags.isEmpty()) {
                warnings.accept("latency log " + log + ": no histogram tagged " + String.join(", ", missingTags)
                        + "; percentiles of its cell shown as n/a");
            }
            refs.forEach(ref -> {
                Histogram histogram = byTag.get(ref.tag());
                if (histogram == null) {
                    unreadable.add(ref);
                } else {
                    histograms.put(ref, histogram);
                }
            });
        });
        return new LatencyHistograms(histograms, unreadable);
    }

    /** A reason the log cannot be used, worded for the warning line. */
    private static final class LogProblem extends Exception {
        private static final long serialVersionUID = 1L;

        public LogProblem(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The log's real path, refused unless it lies inside the folder's real path: a results folder may come from
     * someone else, so neither {@code ../}, an absolute path nor a symbolic link may make the report read (or wait on)
     * a file elsewhere. Only regular files are read.
     */
    private static Path inside(Path dir, String log) throws LogProblem {
        Path file;
        try {
            file = dir.resolve(log).normalize();
        } catch (InvalidPathException e) {
            throw new LogProblem("not a valid path");
        }
        if (Path.of(log).isAbsolute() || !file.startsWith(dir.normalize())) {
            throw new LogProblem("path leaves the results folder");
        }
        Path real;
        try {
            real = file.toRealPath();
            if (!real.startsWith(dir.toRealPath())) {
                throw new LogProblem("a symbolic link leads out of the results folder");
            }
        } catch (IOException e) {
            throw new LogProblem("file not found");
        }
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new LogProblem("not a regular file");
        }
        return real;
    }

    private static Map<String, Histogram> readLog(Path dir, String log) throws LogProblem {
        Path file = inside(dir, log);
        List<Histogram> intervals;
        try {
            intervals = LatencyLog.intervals(file);
        } catch (LatencyLog.Unreadable e) {
            throw new LogProblem(e.getCause() == null ? e.getMessage()
                    : e.corrupt() ? "corrupt (" + e.getMessage() + ")" : "cannot read: " + e.getCause().getMessage());
        }
        Map<String, Histogram> byTag = new HashMap<>();
        for (Histogram histogram : intervals) {
            String tag = histogram.getTag() == null ? "" : histogram.getTag();
            if (byTag.putIfAbsent(tag, histogram) != null) {
                throw new LogProblem("tag " + tag + " appears twice");
            }
        }
        return byTag;
    }
}
