package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.format.Phase;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class CellSummarizerTest {

    private static RunRecord run(String transport, String mode, int payload, long ns, Phase phase, long lost) {
        return new RunRecord(new CellKey(transport, mode, payload, mode.equals("sync") ? 1 : 16, 1000), 1, ns,
                new Counts(lost, 0, 0), phase);
    }

    @Test
    public void warmupRunsAreCountedButNotMeasured() {
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

    /** Session I of docs/EXPERIMENTS.md: p2p-tcp sync 1000 B ran 74–117 µs/call, then 15–32 in the same session. */
    @Test
    public void runsAtTwoSpeedsAreFlaggedAndNoisyButSteadyRunsAreNot() {
        List<RunRecord> twoSpeeds = new java.util.ArrayList<>();
        long[] us = {74, 103, 117, 97, 112, 53, 32, 24, 21, 23, 16, 17, 16, 16, 17, 16, 17, 16, 19, 15};
        for (long perCall : us) {
            twoSpeeds.add(run("p2p-tcp", "sync", 1000, perCall * 1_000_000L, Phase.MEASURE, 0));
        }
        CellSummary flagged = CellSummarizer.summarize(twoSpeeds).get(0);
        assertEquals(58.25 / 16.0, flagged.quartileRatio(), 1e-9); // numpy.percentile 75 and 25 of the same values
        assertTrue(flagged.twoSpeeds());

        List<RunRecord> noisy = new java.util.ArrayList<>();
        for (long perCall : new long[] {124, 150, 156, 164, 194, 174, 150, 161, 143, 174, 180, 135, 130, 190}) {
            noisy.add(run("dbus-daemon", "sync", 1000, perCall * 1_000_000L, Phase.MEASURE, 0));
        }
        CellSummary steady = CellSummarizer.summarize(noisy).get(0);
        assertTrue(steady.noisy());
        assertFalse(steady.twoSpeeds(), "quartiles " + steady.quartileRatio() + " apart");

        List<RunRecord> three = List.of(run("p2p-unix", "sync", 1000, 10_000_000L, Phase.MEASURE, 0),
                run("p2p-unix", "sync", 1000, 90_000_000L, Phase.MEASURE, 0),
                run("p2p-unix", "sync", 1000, 10_000_000L, Phase.MEASURE, 0));
        CellSummary tooFew = CellSummarizer.summarize(three).get(0);
        assertTrue(Double.isNaN(tooFew.quartileRatio()));
        assertFalse(tooFew.twoSpeeds(), "fewer than 4 runs: no quartiles to compare");
    }

    @Test
    public void ratioIsAgainstDbusDaemonOfTheSameModeAndPayload() {
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
    public void cellsAreOrderedByModeThenPayloadThenTransport() {
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

    /** dbus-test-tool spam is timed from outside: its fixed cost comes off, and only libdbus's client needs it. */
    @Test
    public void spamRunsWithAFixedCostUseElapsedMinusFixedOverCallsMinusOne() {
        CellKey spam = new CellKey("dbus-daemon", "sync", 1000, 1, 1001, CellKey.LIBDBUS_PAIR, CellKey.REFERENCE, CellKey.SPAM);
        // (elapsed − fixed) / (calls − 1): 50 µs, 60 µs and 55 µs per call, fixed costs differing by round.
        List<RunRecord> runs = List.of(
                new RunRecord(spam, 1, 5_000_000L + 50_000_000L, Counts.ZERO, Phase.MEASURE, null, null, 5_000_000L, "", null),
                new RunRecord(spam, 2, 9_000_000L + 60_000_000L, Counts.ZERO, Phase.MEASURE, null, null, 9_000_000L, "", null),
                new RunRecord(spam, 3, 7_000_000L + 55_000_000L, Counts.ZERO, Phase.MEASURE, null, null, 7_000_000L, "", null));
        CellSummary cell = CellSummarizer.summarize(runs).get(0);
        assertEquals(55.0, cell.usPerCallMedian(), 1e-9);
        assertEquals(55.0, cell.usPerCallMean(), 1e-9);
        assertEquals(1e6 / 55.0, cell.callsPerSecond(), 1e-6);
        assertEquals(List.of(50.0, 60.0, 55.0), java.util.Arrays.stream(cell.runUsPerCall()).map(v -> Math.round(v * 1e9) / 1e9)
                .boxed().toList());
        assertEquals(new CellSummary.FixedCost(3, 0, 0), cell.fixedCost());
        assertNull(cell.ratioToDbusDaemon(), "reference cells are not compared with dbus-daemon");
        assertEquals(0.062, cell.elapsedSeconds().median(), 1e-12, "the run time stays the whole process");

        // Without fixed_ns: elapsed / calls, and the cell says so; the Java client (dbus-java>libdbus) times itself.
        RunRecord noFixed = new RunRecord(spam, 1, 55_055_000L, Counts.ZERO, Phase.MEASURE);
        assertEquals(55.0, noFixed.usPerCall(), 1e-9);
        assertTrue(noFixed.fixedCostMissing());
        CellSummary missing = CellSummarizer.summarize(List.of(runs.get(0), noFixed)).get(0);
        assertEquals(new CellSummary.FixedCost(1, 1, 0), missing.fixedCost());
        CellKey javaClient = new CellKey("dbus-daemon", "sync", 1000, 1, 1000, CellKey.JAVA_CLIENT_PAIR, CellKey.REFERENCE, CellKey.SPAM);
        CellSummary selfTimed = CellSummarizer.summarize(List.of(new RunRecord(javaClient, 1, 70_000_000L, Counts.ZERO, Phase.MEASURE))).get(0);
        assertEquals(CellSummary.FixedCost.NONE, selfTimed.fixedCost());
        assertEquals(70.0, selfTimed.usPerCallMedian(), 1e-9);
    }

    /** libdbus-spam --print-elapsed: the calls' own time, elapsed / calls, and no fixed cost missing. */
    @Test
    public void aSpamThatTimedItsCallsIsElapsedOverCallsWithNoFixedCost() {
        CellKey timed = new CellKey("dbus-daemon", "sync", 1000, 1, 1000, CellKey.LIBDBUS_PAIR, CellKey.REFERENCE,
                CellKey.SPAM_TIMED);
        RunRecord run = new RunRecord(timed, 1, 50_000_000L, Counts.ZERO, Phase.MEASURE);
        assertFalse(run.fixedCostMissing());
        assertFalse(timed.externallyTimed());
        assertTrue(timed.spamProcess(), "the bus's and the server's CPU still cover the whole process's life");
        assertTrue(timed.emptyReply());
        CellSummary cell = CellSummarizer.summarize(List.of(run)).get(0);
        assertEquals(50.0, cell.usPerCallMedian(), 1e-9);
        assertEquals(CellSummary.FixedCost.NONE, cell.fixedCost());
    }

    @Test
    public void onlySubjectCellsGetARatioToDbusDaemon() {
        CellKey daemonLibdbus = new CellKey("dbus-daemon", "sync", 1000, 1, 1000, CellKey.LIBDBUS_PAIR, CellKey.REFERENCE, CellKey.SPAM);
        List<CellSummary> cells = CellSummarizer.summarize(List.of(
                new RunRecord(daemonLibdbus, 1, 50_000_000L, Counts.ZERO, Phase.MEASURE),
                run("dbus-broker", "sync", 1000, 100_000_000L, Phase.MEASURE, 0)));
        // The libdbus reference cell on dbus-daemon must not serve as dbus-broker's baseline.
        assertNull(find(cells, "dbus-broker", "sync", 1000).ratioToDbusDaemon());
    }

    private static CellSummary find(List<CellSummary> cells, String transport, String mode, int payload) {
        return cells.stream().filter(c -> c.key().transport().equals(transport) && c.key().mode().equals(mode)
                && c.key().payloadBytes() == payload).findFirst().orElseThrow();
    }
}
