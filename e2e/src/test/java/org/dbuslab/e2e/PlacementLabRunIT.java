package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21: a tiny two-placement session (a bus and p2p, one size, 2 measured blocks) measures every matrix cell
 * in one-cpu and cross, and every half of every block found every thread of every process on its placement's CPUs;
 * in one-cpu the clients not making the current run waited on the other CPU, and each run's client was moved to the
 * measured CPU and checked there. The host-speed probe read both CPUs around every half (host-speed.tsv).
 */
class PlacementLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void everyMatrixCellIsMeasuredInBothPlacementsWithEveryProcessOnItsCpus() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "cross needs 2 CPUs");
        Path out = tmp.resolve("results");
        LabRun.Outcome outcome = LabRun.run(tmp.resolve("run-all.log"), 300, LabRun.small("--transports",
            "dbus-daemon,p2p-unix", "--blocks", "2", "--placement", "one-cpu,cross", "--out", out.toString()));
        assertEquals(0, outcome.exitCode(), outcome.stderr());

        List<String> rows = Files.readAllLines(out.resolve("runs.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        int transport = header.indexOf("transport");
        int phase = header.indexOf("phase");
        int placement = header.indexOf("placement");
        Map<String, Set<String>> placements = new HashMap<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if (f[phase].equals("measure")) {
                placements.computeIfAbsent(f[transport], t -> new TreeSet<>()).add(f[placement]);
            }
        }
        assertEquals(Map.of("dbus-daemon", Set.of("cross", "one-cpu"), "p2p-unix", Set.of("cross", "one-cpu")), placements);

        String log = Files.readString(out.resolve("logs/session.log"));
        for (String p : List.of("one-cpu", "cross")) {
            assertTrue(log.matches("(?s).*placement " + p + ", every thread on its CPUs \\([1-9][0-9]* processes, [1-9][0-9]* threads\\).*"),
                p + " checked:\n" + log);
        }
        String notes = Files.readString(out.resolve("notes.tsv"));
        assertFalse(notes.contains("refused"), "no placement refused, nor a run whose client was not on its CPU");
        assertTrue(notes.contains("the clients not making the current run wait on CPU"), "one-cpu parks idle clients:\n" + notes);

        // the host-speed probe read every CPU at both ends of every half: 2 blocks x 2 halves x 2 edges x 2 CPUs
        List<org.dbuslab.format.HostSpeedTsv.Row> speed = org.dbuslab.format.HostSpeedTsv.FORMAT.read(out);
        Set<String> halves = new TreeSet<>();
        for (org.dbuslab.format.HostSpeedTsv.Row r : speed) {
            halves.add(r.round() + " " + r.placement().label() + " " + r.edge().label() + " " + r.cpu() + " " + r.inUse());
        }
        assertEquals(16, halves.size(), "every half's start and end on both CPUs:\n" + halves);
        assertEquals(16, speed.size(), "one row each");
        assertTrue(speed.stream().allMatch(r -> r.workNs() > 0));
        assertTrue(halves.stream().anyMatch(h -> h.endsWith("one-cpu start 1 false")),
            "one-cpu measures on the first CPU only:\n" + halves);
    }
}
