package org.dbuslab.analysis;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CellSummarizerTest {

    private static RunRecord run(String transport, String mode, int payload, long ns, Phase phase, long lost) {
        return new RunRecord(new CellKey(transport, mode, payload, mode.equals("sync") ? 1 : 16, 1000), 1, ns,
                new Counts(lost, 0, 0), phase);
    }

    @Test
    void warmupRunsAreCountedButNotMeasured() {
        List<CellSummary> cells = CellSummarizer.summarize(List.of(
                run("dbus-daemon", "sync", 1000, 9_000_000_000L, Phase.WARMUP, 7),
                run("dbus-daemon", "sync", 1000, 100_000_000L, Phase.MEASURE, 0),
                run("dbus-daemon", "sync", 1000, 300_000_000L, Phase.MEASURE, 1)));
        CellSummary cell = cells.get(0);
        assertEquals(2, cell.runs());
        assertEquals(1, cell.warmupRuns());
        assertEquals(0.2, cell.elapsedSeconds().mean(), 1e-12);
        assertEquals(0.3, cell.elapsedSeconds().max(), 1e-12);
        assertEquals(200.0, cell.usPerCallMedian(), 1e-9); // 0.2 s / 1000 calls
        assertEquals(5000.0, cell.callsPerSecond(), 1e-9);
        assertEquals(new Counts(1, 0, 0), cell.counts());
        assertEquals(new Counts(7, 0, 0), cell.warmupCounts());
    }

    @Test
    void ratioIsAgainstDbusDaemonOfTheSameModeAndPayload() {
        List<CellSummary> cells = CellSummarizer.summarize(List.of(
                run("p2p-unix", "sync", 1000, 50_000_000L, Phase.MEASURE, 0),
                run("dbus-daemon", "sync", 1000, 200_000_000L, Phase.MEASURE, 0),
                run("dbus-broker", "sync", 10000, 100_000_000L, Phase.MEASURE, 0),
                run("dbus-daemon", "async", 1000, 100_000_000L, Phase.MEASURE, 0)));
        CellSummary p2p = find(cells, "p2p-unix", "sync", 1000);
        assertEquals(0.25, p2p.ratioToDbusDaemon(), 1e-12);
        assertEquals(1.0, find(cells, "dbus-daemon", "sync", 1000).ratioToDbusDaemon(), 0);
        assertNull(find(cells, "dbus-broker", "sync", 10000).ratioToDbusDaemon()); // no dbus-daemon at 10000 B
    }

    @Test
    void cellsAreOrderedByModeThenPayloadThenTransport() {
        List<CellSummary> cells = CellSummarizer.summarize(List.of(
                run("zz-custom", "sync", 1000, 1, Phase.MEASURE, 0),
                run("p2p-tcp", "sync", 1000, 1, Phase.MEASURE, 0),
                run("a-custom", "sync", 1000, 1, Phase.MEASURE, 0),
                run("dbus-daemon", "async", 10, 1, Phase.MEASURE, 0),
                run("p2p-unix", "sync", 1000, 1, Phase.MEASURE, 0),
                run("dbus-daemon-tcp", "sync", 1000, 1, Phase.MEASURE, 0),
                run("dbus-broker", "sync", 1000, 1, Phase.MEASURE, 0),
                run("dbus-daemon", "sync", 1000, 1, Phase.MEASURE, 0),
                run("p2p-unix", "sync", 10, 1, Phase.MEASURE, 0)));
        assertEquals(List.of("sync 10 p2p-unix", "sync 1000 dbus-daemon", "sync 1000 dbus-broker",
                        "sync 1000 dbus-daemon-tcp", "sync 1000 p2p-unix", "sync 1000 p2p-tcp", "sync 1000 a-custom",
                        "sync 1000 zz-custom", "async 10 dbus-daemon"),
                cells.stream().map(c -> c.key().mode() + " " + c.key().payloadBytes() + " " + c.key().transport()).toList());
    }

    private static CellSummary find(List<CellSummary> cells, String transport, String mode, int payload) {
        return cells.stream().filter(c -> c.key().transport().equals(transport) && c.key().mode().equals(mode)
                && c.key().payloadBytes() == payload).findFirst().orElseThrow();
    }
}
