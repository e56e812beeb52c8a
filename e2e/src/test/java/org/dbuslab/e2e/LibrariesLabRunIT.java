package org.dbuslab.e2e;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny session with the GLib and sd-bus clients and servers (peers/, built here with make) on a private dbus-daemon
 * and p2p-unix: runs.csv has the libraries and lkml series' rows, every reply verified, none lost, every component's
 * CPU, and the lkml cells their fixed calls: the sync ones --lkml-runs measured runs, the async ones a run in every
 * block of their rotation group.
 */
class LibrariesLabRunIT {

    private static final int LKML_RUNS = 2;
    /** Measured blocks of each rotation group: one more than the sync lkml cells' cap, which the async ones lack. */
    private static final int GROUP_BLOCKS = LKML_RUNS + 1;

    @TempDir
    Path tmp;

    @Test
    void libraryPairsAndTheLkmlCellsRunInTheBlocksWithoutLosses() throws Exception {
        LabRun.buildPeers(tmp);
        Path out = tmp.resolve("results");
        LabRun.Outcome outcome = LabRun.run(tmp.resolve("run-all.log"), 300, "--no-build", "--transports",
            "dbus-daemon,p2p-unix", "--sizes", "1000", "--blocks", Integer.toString(2 * GROUP_BLOCKS), // 2 rotation groups: sync-1000, async-1000
            "--warmup-blocks", "1", "--warmup-budget", "0",
            "--no-reference", "--no-sweep", "--scenarios", "none", "--calls", "200", "--libraries", "dbus-java,glib,sd-bus",
            "--lkml-runs", Integer.toString(LKML_RUNS), "--library-runs", "1", "--paths", "none", "--placement", "free",
            "--out", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.stderr());
        assertEquals("", Files.exists(out.resolve("skipped.tsv")) ? Files.readString(out.resolve("skipped.tsv")) : "",
            "nothing skipped");

        List<String> lines = Files.readAllLines(out.resolve("runs.csv"), StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).split(","));
        Set<String> libraries = new TreeSet<>();
        Map<String, Integer> lkmlRuns = new HashMap<>();
        Map<String, Integer> libraryRuns = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            Map<String, String> row = LabRun.row(header, line);
            String series = row.get("series");
            if (!series.equals("libraries") && !series.equals("lkml")) {
                continue;
            }
            String what = series + " " + row.get("pair") + " " + row.get("transport") + " " + row.get("mode");
            assertEquals("0", row.get("lost"), what);
            assertEquals("0", row.get("mismatched"), what);
            assertEquals("0", row.get("errors"), what);
            assertEquals("true", row.get("reference"), what);
            assertTrue(Long.parseLong(row.get("cpu_client_ns")) > 0, what + ": client CPU");
            assertTrue(Long.parseLong(row.get("cpu_server_ns")) > 0, what + ": server CPU");
            assertEquals(!row.get("transport").equals("dbus-daemon"), row.get("cpu_bus_ns").equals("0"), what + ": bus CPU");
            if (series.equals("libraries")) {
                assertEquals("200", row.get("calls"), what);
                libraries.add(row.get("pair"));
                if (row.get("phase").equals("measure")) {
                    libraryRuns.merge(what + " " + row.get("payload_bytes"), 1, Integer::sum);
                }
            } else {
                assertEquals("glib>glib", row.get("pair"), what);
                assertEquals(row.get("mode").equals("sync") ? "2000" : "128", row.get("calls"), what);
                assertEquals(row.get("mode").equals("sync") ? "1" : "128", row.get("window"), what);
                if (row.get("phase").equals("measure")) {
                    lkmlRuns.merge(row.get("transport") + " " + row.get("mode"), 1, Integer::sum);
                }
            }
            assertTrue(Files.isRegularFile(out.resolve(row.get("latency_log"))), what + ": its latency log");
            if (row.get("pair").startsWith("glib>") || row.get("pair").startsWith("sd-bus>")) {
                assertEquals("", row.get("jit_ms"), what + ": a C client has no JIT");
            }
        }
        assertEquals(new TreeSet<>(Set.of("glib>dbus-java", "sd-bus>dbus-java", "dbus-java>glib", "glib>glib",
            "sd-bus>glib", "sd-bus>sd-bus")), libraries);
        assertEquals(Map.of("dbus-daemon sync", LKML_RUNS, "dbus-daemon async", 2 * GROUP_BLOCKS, "p2p-unix sync", LKML_RUNS,
            "p2p-unix async", 2 * GROUP_BLOCKS), lkmlRuns, "sync lkml cells: --lkml-runs measured runs; async: every block");
        assertEquals(Set.of(1), Set.copyOf(libraryRuns.values()), "--library-runs 1: one measured run per cell " + libraryRuns);
        assertTrue(Files.exists(out.resolve("report.md")), "the analysis takes the new series: " + outcome.stderr());
    }
}
