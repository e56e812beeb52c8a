package org.dbuslab.format;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScaleRunsCsvTest {

    static ScaleRunsCsv.Row clients(long lost, String problem) {
        return new ScaleRunsCsv.Row("clients", 2, "measure", 3, "2026-12-01T17:00:00Z", "dbus-broker", "async", 64, 1000,
            16, 0, 0, 0, 0, 48_000, 1_000_000_000L, lost, 0, 0, 0, 0, 250_000, 900_000, 0.9876, 1_200_000_000L,
            800_000_000L, 600_000_000L, ScaleRunsCsv.UNKNOWN, problem);
    }

    @Test
    void aRowSurvivesTheFileAndEmptyFieldsStayUnknown(@TempDir Path dir) {
        ScaleRunsCsv.Row signals = new ScaleRunsCsv.Row("signals", 1, "warmup", 0, "", "dbus-daemon", "signal", 8, 64, 0,
            16, 1024, 16, 0, 32_000, 500_000_000L, 0, 0, 1, 2, 0, 40_000, 90_000, Double.NaN, 5, 6, 0,
            ScaleRunsCsv.UNKNOWN, null);
        ScaleRunsCsv.append(dir, clients(0, "-"));
        ScaleRunsCsv.append(dir, signals);
        List<ScaleRunsCsv.Row> back = ScaleRunsCsv.read(dir.resolve(ScaleRunsCsv.FILE));
        assertEquals(List.of(clients(0, "-"), signals).toString(), back.toString());
        assertEquals(48_000.0, back.get(0).ratePerSecond(), 1e-9);
        assertTrue(back.get(0).clean());
        assertFalse(back.get(1).clean(), "a duplicated or out-of-order signal is not clean");
        assertTrue(Double.isNaN(back.get(1).jain()));
        assertEquals(ScaleRunsCsv.UNKNOWN, back.get(1).cpuRelayNanos());
    }

    @Test
    void aProblemWithCommasAndLineBreaksStaysOneField(@TempDir Path dir) throws Exception {
        ScaleRunsCsv.append(dir, clients(3, "lost, 3 of\n48000"));
        ScaleRunsCsv.Row back = ScaleRunsCsv.read(dir.resolve(ScaleRunsCsv.FILE)).get(0);
        assertEquals("lost; 3 of 48000", back.problem());
        assertEquals(2, Files.readAllLines(dir.resolve(ScaleRunsCsv.FILE)).size());
    }

    @Test
    void aDistanceClientsLatencyLogAndItsRunsTagsAreNamedOnce() {
        assertEquals("logs/distance/distance-p2p-tcp-1.0ms-async.hlog", ScaleRunsCsv.distanceLatencyLog("p2p-tcp", 1.0, "async"));
        assertEquals("distance-raw-tcp-0.1ms-sync", ScaleRunsCsv.distanceClient("raw-tcp", 0.1, "sync"));
        assertEquals("measure-3-w16", ScaleRunsCsv.distanceLatencyTag("measure", 3, 16));
        assertTrue(ControlProtocol.parseCommand("run warmup " + ScaleRunsCsv.distanceLatencyTag("warmup", 0, 256)
            + " 1000 256 512 7") instanceof ControlProtocol.Run, "a valid control-channel TAG");
    }

    @Test
    void aDistanceRowKeepsItsLatencyPercentiles(@TempDir Path dir) {
        ScaleRunsCsv.Row far = new ScaleRunsCsv.Row("distance", 4, "measure", 4, "2026-12-01T17:00:00Z", "p2p-tcp",
            "async", 64, 1000, 1, 0, 0, 0, 10, 720, 250_000_000L, 0, 0, 0, 0, 0, 20_300_000, 21_900_000, Double.NaN, 1, 2,
            3, 4, "-");
        ScaleRunsCsv.append(dir, far);
        ScaleRunsCsv.Row back = ScaleRunsCsv.read(dir.resolve(ScaleRunsCsv.FILE)).get(0);
        assertEquals(20_300_000, back.p50Nanos());
        assertEquals(21_900_000, back.p99Nanos());
    }

    @Test
    void aRowKeepsItsRouteAndAnOlderFileWithoutTheColumnStillReads(@TempDir Path dir) throws Exception {
        ScaleRunsCsv.Row relay0 = new ScaleRunsCsv.Row("distance", 2, "measure", 2, "", "raw-tcp", "sync", 1, 1000, 1, 0,
            0, 0, 0, 900, 250_000_000L, 0, 0, 0, 0, 0, 270_000, 400_000, Double.NaN, 1, 0, 2, 3, "-", "relay");
        ScaleRunsCsv.Row netns = new ScaleRunsCsv.Row("distance", 2, "measure", 2, "", "p2p-tcp", "async", 32, 1000, 1, 0,
            0, 0, 0, 900, 250_000_000L, 0, 0, 0, 0, 0, 270_000, 400_000, Double.NaN, 1, 0, 2, 0, "-", "netns");
        ScaleRunsCsv.append(dir, relay0);
        ScaleRunsCsv.append(dir, netns);
        List<ScaleRunsCsv.Row> back = ScaleRunsCsv.read(dir.resolve(ScaleRunsCsv.FILE));
        assertEquals(List.of("relay", "netns"), back.stream().map(ScaleRunsCsv.Row::route).toList());
        assertTrue(Files.readAllLines(dir.resolve(ScaleRunsCsv.FILE)).get(0).endsWith(",problem,route"));

        // a folder written before the column: distance rows above 0 went through the relay, the rest direct
        ScaleRunsCsv.Row far = new ScaleRunsCsv.Row("distance", 1, "measure", 1, "", "raw-tcp", "sync", 1, 1000, 1, 0, 0,
            0, 1.0, 100, 250_000_000L, 0, 0, 0, 0, 0, -1, -1, Double.NaN, -1, -1, -1, -1, "-");
        ScaleRunsCsv.Row near = new ScaleRunsCsv.Row("distance", 1, "measure", 1, "", "raw-tcp", "sync", 1, 1000, 1, 0, 0,
            0, 0, 100, 250_000_000L, 0, 0, 0, 0, 0, -1, -1, Double.NaN, -1, -1, -1, -1, "-");
        List<String> older = new ArrayList<>(List.of(ScaleRunsCsv.OLDER_HEADER));
        for (ScaleRunsCsv.Row r : List.of(far, near, clients(0, "-"))) {
            String line = ScaleRunsCsv.line(r);
            older.add(line.substring(0, line.lastIndexOf(',')));
        }
        List<ScaleRunsCsv.Row> read = ScaleRunsCsv.parse(older);
        assertEquals(List.of("relay", "direct", "direct"), read.stream().map(ScaleRunsCsv.Row::route).toList());
        assertEquals(List.of(far, near, clients(0, "-")), read);
        assertThrows(IllegalArgumentException.class, () -> new ScaleRunsCsv.Row("distance", 1, "measure", 1, "", "t",
            "m", 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, -1, -1, Double.NaN, -1, -1, -1, -1, "-", "tunnel"));
    }

    @Test
    void theRelayAtZeroAndTheNamespaceClientsHaveNamesOfTheirOwn() {
        assertEquals("distance-p2p-tcp-0.0ms-sync", ScaleRunsCsv.distanceClient("p2p-tcp", "direct", 0, "sync"));
        assertEquals("distance-p2p-tcp-0.0ms-relay-sync", ScaleRunsCsv.distanceClient("p2p-tcp", "relay", 0, "sync"));
        assertEquals("distance-p2p-tcp-10.0ms-async", ScaleRunsCsv.distanceClient("p2p-tcp", "relay", 10, "async"));
        assertEquals("logs/distance/distance-dbus-daemon-tcp-netns-async.hlog",
            ScaleRunsCsv.distanceLatencyLog("dbus-daemon-tcp", "netns", 0, "async"));
    }

    @Test
    void aTruncatedLastLineIsSkippedButABadMiddleLineFails() {
        String good = ScaleRunsCsv.line(clients(0, "-"));
        List<String> skipped = new ArrayList<>();
        List<ScaleRunsCsv.Row> rows = ScaleRunsCsv.parse(List.of(ScaleRunsCsv.HEADER, good, good.substring(0, 20)),
            skipped::add);
        assertEquals(1, rows.size());
        assertEquals(1, skipped.size());
        FormatException e = assertThrows(FormatException.class,
            () -> ScaleRunsCsv.parse(List.of(ScaleRunsCsv.HEADER, good.replace(",48000,", ",many,"), good)));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("count"), e.getMessage());
        assertThrows(FormatException.class, () -> ScaleRunsCsv.parse(List.of("series,block", good)));
        assertThrows(IllegalArgumentException.class, () -> new ScaleRunsCsv.Row("matrix", 1, "measure", 1, "", "t", "m",
            1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, -1, -1, Double.NaN, -1, -1, -1, -1, "-"));
    }
}
