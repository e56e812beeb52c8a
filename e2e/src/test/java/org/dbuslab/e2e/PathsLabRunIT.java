package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny session with the real-world paths (issue 24) on private dbus-daemon and dbus-broker: xdg-dbus-proxy and
 * systemd-stdio-bridge in front of each bus, and each bus with 100, 1000 and 10000 extra policy rules. Every path
 * cell runs, sync and pipelined, with its direct counterpart, every reply verified and none lost, the route's CPU in
 * cpu_path_ns; the one combination the machine's programs cannot do (sd-bus through Debian 12's xdg-dbus-proxy
 * 0.1.4) is one skipped.tsv line per bus that says why, and nothing else is skipped.
 */
class PathsLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void everyPathRunsBesideItsDirectCounterpartWithoutLosses() throws Exception {
        LabRun.buildPeers(tmp);
        Path out = tmp.resolve("results");
        LabRun.Outcome outcome = LabRun.run(tmp.resolve("run-all.log"), 300, "--no-build", "--transports",
            "dbus-daemon,dbus-broker", "--sizes", "1000", "--blocks", "2", // the paths' two groups: sync, async
            "--warmup-blocks", "1", "--warmup-budget", "0", "--no-reference", "--no-sweep", "--scenarios", "none",
            "--calls", "200", "--libraries", "none", "--lkml-runs", "0", "--paths", "proxy,bridge,policy",
            "--out", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.stderr());

        List<String> skipped = Files.exists(out.resolve("skipped.tsv"))
            ? Files.readAllLines(out.resolve("skipped.tsv"), StandardCharsets.UTF_8) : List.of();
        for (String line : skipped) {
            assertTrue(line.contains("-proxy sdbus-java") && line.contains("xdg-dbus-proxy"), "only sd-bus through the proxy: " + line);
        }
        boolean sdbusThroughProxy = skipped.isEmpty();

        List<String> lines = Files.readAllLines(out.resolve("runs.csv"), StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).split(","));
        Set<String> cells = new TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            Map<String, String> row = LabRun.row(header, line);
            String series = row.get("series");
            if (!series.equals("paths") && !series.equals("policy") || !row.get("phase").equals("measure")) {
                continue;
            }
            String what = series + " " + row.get("pair") + " " + row.get("transport") + " " + row.get("mode");
            assertEquals("0", row.get("lost"), what);
            assertEquals("0", row.get("mismatched"), what);
            assertEquals("0", row.get("errors"), what);
            assertTrue(Long.parseLong(row.get("cpu_bus_ns")) > 0, what + ": bus CPU");
            boolean routed = row.get("transport").endsWith("-proxy") || row.get("transport").endsWith("-bridge");
            boolean spamOnBridge = row.get("transport").endsWith("-bridge") && row.get("pair").startsWith("libdbus>");
            assertEquals(routed && !spamOnBridge, !row.get("cpu_path_ns").isEmpty(), what + ": the route's CPU");
            if (routed && !spamOnBridge) {
                assertTrue(Long.parseLong(row.get("cpu_path_ns")) > 0, what + ": the route worked");
            }
            cells.add(what);
        }
        Set<String> expected = new TreeSet<>();
        for (String bus : List.of("dbus-daemon", "dbus-broker")) {
            for (String mode : List.of("sync", "async")) {
                for (String pair : List.of("dbus-java>dbus-java", "libdbus>dbus-java", "sd-bus>dbus-java")) {
                    for (String t : List.of(bus, bus + "-proxy", bus + "-bridge")) {
                        if (!(pair.startsWith("sd-bus") && t.endsWith("-proxy") && !sdbusThroughProxy)) {
                            expected.add("paths " + pair + " " + t + " " + mode);
                        }
                    }
                }
            }
            for (String rules : List.of("", "-rules100", "-rules1000", "-rules10000")) {
                expected.add("policy sd-bus>sd-bus " + bus + rules + " sync");
            }
        }
        assertEquals(expected, cells);
        String notes = Files.readString(out.resolve("notes.tsv"));
        assertTrue(notes.contains("run on the bus's CPU") || notes.contains("runs on the bus's CPU"), notes);
        assertTrue(Files.exists(out.resolve("report.md")), "the analysis takes the new series: " + outcome.stderr());
    }
}
