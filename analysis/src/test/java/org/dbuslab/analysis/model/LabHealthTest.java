package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.CellKey;
import org.dbuslab.analysis.read.Counts;
import org.dbuslab.analysis.read.LatencyHistograms;
import org.dbuslab.analysis.read.RunRecord;
import org.dbuslab.analysis.read.SkippedTransport;
import org.dbuslab.analysis.report.LabHealthSection;
import org.dbuslab.format.Phase;
import org.dbuslab.stats.Bootstrap;
import org.dbuslab.stats.SampleComparison;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overhead and floor figures on constructed samples whose medians are known. */
public class LabHealthTest {

    private static final int CALLS = 1000;

    /** Runs whose µs per call are exactly the given values (run time = calls × µs). */
    private static List<RunRecord> runs(String transport, String mode, int window, String pair, String series, String method,
                                        double... usPerCall) {
        CellKey key = new CellKey(transport, mode, 1000, window, CALLS, pair, series, method);
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < usPerCall.length; i++) {
            runs.add(new RunRecord(key, i + 1, Math.round(usPerCall[i] * 1000 * CALLS), Counts.ZERO, Phase.MEASURE));
        }
        return runs;
    }

    private static LabHealth health(List<RunRecord> runs, List<SkippedTransport> skipped) {
        return LabHealth.of(CellSummarizer.summarize(runs, LatencyHistograms.NONE, Bootstrap.standard()), skipped,
                Bootstrap.standard(), SampleComparison.DEFAULT_ALPHA);
    }

    @Test
    public void clientAndServerOverheadAreDifferenceAndRatioOfMediansAgainstLibdbus() {
        List<RunRecord> runs = new ArrayList<>();
        // medians: libdbus>libdbus 52, dbus-java>libdbus 62, libdbus>dbus-java 72, dbus-java>dbus-java 100
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.LIBDBUS_PAIR, CellKey.REFERENCE, CellKey.SPAM, 50, 51, 52, 53, 54));
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.JAVA_CLIENT_PAIR, CellKey.REFERENCE, CellKey.SPAM, 60, 61, 62, 63, 64));
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.JAVA_SERVER_PAIR, CellKey.REFERENCE, CellKey.SPAM, 70, 71, 72, 73, 74));
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 98, 99, 100, 101, 102));
        LabHealth health = health(runs, List.of());

        assertEquals(1, health.overhead().size());
        LabHealth.OverheadRow row = health.overhead().get(0);
        assertEquals(List.of("dbus-daemon", "sync", 1000, 1), List.of(row.transport(), row.mode(), row.payloadBytes(), row.window()));
        assertEquals(52.0, row.cell(CellKey.LIBDBUS_PAIR).orElseThrow().usPerCallMedian(), 1e-9);
        assertEquals(100.0, row.cell(CellKey.SUBJECT_PAIR).orElseThrow().usPerCallMedian(), 1e-9);

        SampleComparison client = row.client().result();
        assertEquals(10.0, client.difference(), 1e-9);
        assertEquals(62.0 / 52.0, client.ratioOfMedians(), 1e-12);
        assertTrue(client.ratioInterval().low() <= 62.0 / 52.0 && 62.0 / 52.0 <= client.ratioInterval().high());
        assertTrue(client.differenceInterval().low() <= 10.0 && 10.0 <= client.differenceInterval().high());
        // Bootstrap of 5 vs 5 values: the ratio can only range from min/max to max/min of the two samples.
        assertTrue(client.ratioInterval().low() >= 60.0 / 54.0 - 1e-12 && client.ratioInterval().high() <= 64.0 / 50.0 + 1e-12);
        assertFalse(row.client().meetsTarget());       // 1.19 > 1.0: the Java client must not cost more than libdbus
        assertFalse(row.client().pointWithinTarget());
        assertEquals(1.0, row.client().target(), 0);

        SampleComparison server = row.server().result();
        assertEquals(20.0, server.difference(), 1e-9);
        assertEquals(72.0 / 52.0, server.ratioOfMedians(), 1e-12);
        assertFalse(row.server().meetsTarget());       // 1.38 > 1.1
        assertEquals(1.1, row.server().target(), 0);
        assertEquals(CellKey.JAVA_SERVER_PAIR, row.server().pair());
        assertEquals(CellKey.LIBDBUS_PAIR, row.server().baselinePair());

        // "Client libraries" takes these very comparisons for the same two cells, and none for other pairings
        CellSummary libdbus = row.cell(CellKey.LIBDBUS_PAIR).orElseThrow();
        assertSame(client, health.comparison(row.cell(CellKey.JAVA_CLIENT_PAIR).orElseThrow(), libdbus).orElseThrow());
        assertSame(server, health.comparison(row.cell(CellKey.JAVA_SERVER_PAIR).orElseThrow(), libdbus).orElseThrow());
        assertTrue(health.comparison(libdbus, row.cell(CellKey.JAVA_CLIENT_PAIR).orElseThrow()).isEmpty(), "candidate and baseline swapped");
        assertTrue(health.comparison(row.cell(CellKey.SUBJECT_PAIR).orElseThrow(), libdbus).isEmpty(), "a pair Lab health did not compare");
    }

    /** The one overhead row of libdbus>libdbus at LIBDBUS µs per call against PAIR at THEIRS (dbus-broker, async). */
    private static LabHealth.OverheadRow againstLibdbus(double[] libdbus, String pair, double... theirs) {
        List<RunRecord> runs = new ArrayList<>();
        runs.addAll(runs("dbus-broker", "async", 128, CellKey.LIBDBUS_PAIR, CellKey.REFERENCE, CellKey.SPAM, libdbus));
        runs.addAll(runs("dbus-broker", "async", 128, pair, CellKey.REFERENCE, CellKey.SPAM, theirs));
        return health(runs, List.of()).overhead().get(0);
    }

    @Test
    public void aPointUnderTheTargetWithAWideCiIsNotMet() {
        LabHealth.PairOverhead client = againstLibdbus(new double[] {40, 44, 50, 56, 60}, CellKey.JAVA_CLIENT_PAIR,
                30, 36, 48, 60, 70).client();
        assertEquals(48.0 / 50.0, client.result().ratioOfMedians(), 1e-12);
        assertTrue(client.pointWithinTarget());
        assertFalse(client.boundWithinTarget(), client.result().ratioInterval().toString());
        assertFalse(client.meetsTarget());
        assertEquals("0.96× (" + Numbers.factor(client.result().ratioInterval().low()) + "–"
                + Numbers.factor(client.result().ratioInterval().high()) + ") ✗ CI to "
                + Numbers.factor(client.result().ratioInterval().high()), LabHealthSection.targetRatio(client));
    }

    /** 3 runs against 3 give no interval: a ratio within its target is then unchecked, not failed; one over it fails. */
    @Test
    public void tooFewRunsLeaveATargetUncheckedUnlessThePointIsOver() {
        LabHealth.PairOverhead within = againstLibdbus(new double[] {49, 50, 51}, CellKey.JAVA_SERVER_PAIR, 52, 53, 54).server();
        assertFalse(within.result().ratioInterval().isDefined());
        assertFalse(within.judgeable());
        assertFalse(within.meetsTarget());
        assertTrue(LabHealthSection.targetRatio(within).endsWith("? " + LabHealthSection.UNJUDGED), LabHealthSection.targetRatio(within));
        LabHealth.PairOverhead over = againstLibdbus(new double[] {49, 50, 51}, CellKey.JAVA_SERVER_PAIR, 60, 61, 62).server();
        assertTrue(over.judgeable());
        assertTrue(LabHealthSection.targetRatio(over).contains("✗ over 1.10× by 10.9 %, too few runs for a CI"), LabHealthSection.targetRatio(over));
    }

    /** A point of 1.004 prints as 1.00×: the shortfall says by how much it is over, so the two do not contradict. */
    @Test
    public void aPointJustOverItsTargetSaysByHowMuch() {
        LabHealth.PairOverhead client = againstLibdbus(new double[] {50, 50, 50, 50, 50, 50}, CellKey.JAVA_CLIENT_PAIR,
                50.2, 50.2, 50.2, 50.2, 50.2, 50.2).client();
        assertFalse(client.pointWithinTarget());
        assertTrue(LabHealthSection.targetRatio(client).startsWith("1.00× ("), LabHealthSection.targetRatio(client));
        assertTrue(LabHealthSection.targetRatio(client).contains("✗ over 1.00× by 0.4 %"), LabHealthSection.targetRatio(client));
    }

    @Test
    public void aTightRatioUnderTheTargetIsMet() {
        LabHealth.PairOverhead server = againstLibdbus(new double[] {50, 50, 50, 50, 50}, CellKey.JAVA_SERVER_PAIR,
                52, 53, 54, 54, 55).server();
        assertEquals(54.0 / 50.0, server.result().ratioOfMedians(), 1e-12);
        assertTrue(server.meetsTarget(), server.result().ratioInterval().toString());
        assertTrue(LabHealthSection.targetRatio(server).startsWith("1.08× ("), LabHealthSection.targetRatio(server));
        assertTrue(LabHealthSection.targetRatio(server).contains(") ✓"), LabHealthSection.targetRatio(server));
    }

    @Test
    public void aMissingPairLeavesItsOverheadOutAndTheSkipReasonIsKept() {
        List<RunRecord> runs = new ArrayList<>(runs("dbus-daemon", "sync", 1, CellKey.LIBDBUS_PAIR, CellKey.REFERENCE, CellKey.SPAM, 50, 52));
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.JAVA_CLIENT_PAIR, CellKey.REFERENCE, CellKey.SPAM, 60, 62));
        SkippedTransport skip = new SkippedTransport("dbus-daemon libdbus-java", "hook pending");
        LabHealth health = health(runs, List.of(new SkippedTransport("p2p-tcp", "refused"), skip));
        LabHealth.OverheadRow row = health.overhead().get(0);
        assertTrue(row.cell(CellKey.SUBJECT_PAIR).isEmpty());
        assertNull(row.server());
        assertEquals(61.0 / 51.0, row.client().result().ratioOfMedians(), 1e-12);
        assertEquals(List.of(skip), health.skippedPairs());
        assertEquals(List.of("libdbus>dbus-java on dbus-daemon: not run — hook pending"), LabHealthSection.skippedPairs(health));
    }

    @Test
    public void floorIsRawUnixForUnixSocketsAndRawTcpForTcp() {
        List<RunRecord> runs = new ArrayList<>();
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 100, 120, 110));
        runs.addAll(runs("p2p-tcp", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 90, 90, 90));
        runs.addAll(runs("p2p-unix", "async", 16, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 40, 40)); // no async floor
        runs.addAll(runs("raw-unix", "sync", 1, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 20, 22, 21));
        runs.addAll(runs("raw-tcp", "sync", 1, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 30, 30, 30));
        LabHealth health = health(runs, List.of());
        assertTrue(health.overhead().isEmpty());
        assertEquals(2, health.floor().size());
        LabHealth.FloorRow daemon = health.floor().get(0);
        assertEquals("raw-unix", daemon.floor().key().transport());
        assertEquals(110.0 / 21.0, daemon.result().ratioOfMedians(), 1e-12);
        LabHealth.FloorRow tcp = health.floor().get(1);
        assertEquals("p2p-tcp", tcp.cell().key().transport());
        assertEquals("raw-tcp", tcp.floor().key().transport());
        assertEquals(3.0, tcp.result().ratioOfMedians(), 1e-12);
        assertEquals("raw-tcp", LabHealth.floorTransport("dbus-daemon-tcp"));
        assertEquals("raw-unix", LabHealth.floorTransport("dbus-broker"));
    }

    @Test
    public void onlyAPipelinedP2pRowOverTheFloorTargetGetsTheWriteAtOnceNote() {
        List<RunRecord> runs = new ArrayList<>();
        runs.addAll(runs("p2p-tcp", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 40, 41, 42)); // 2.0×
        runs.addAll(runs("raw-tcp", "sync", 1, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 20, 21, 22));
        runs.addAll(runs("p2p-tcp", "async", 128, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 6, 6, 6)); // 1.2×
        runs.addAll(runs("raw-tcp", "async", 128, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 5, 5, 5));
        assertFalse(LabHealthSection.pipelinedP2pOverTarget(health(runs, List.of())), "only a sync row is over");
        runs.addAll(runs("p2p-unix", "async", 128, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 8, 8, 8)); // 1.6×
        runs.addAll(runs("raw-unix", "async", 128, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 5, 5, 5));
        assertTrue(LabHealthSection.pipelinedP2pOverTarget(health(runs, List.of())));
        assertTrue(LabHealthSection.pipelinedFloorNote().contains("A call is written at once"));
    }

    @Test
    public void onlyACellSignificantlyFasterThanItsFloorIsBelowIt() {
        List<RunRecord> runs = new ArrayList<>();
        // p2p-tcp ran at the fast speed, its floor at the slow one (as in a session on the 2-core VM)
        runs.addAll(runs("p2p-tcp", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 16, 17, 17, 18, 19));
        runs.addAll(runs("raw-tcp", "sync", 1, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 75, 77, 78, 80, 82));
        // p2p-unix overlaps its floor: not significantly faster, not flagged
        runs.addAll(runs("p2p-unix", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 55, 58, 61, 64, 70));
        runs.addAll(runs("dbus-daemon", "sync", 1, CellKey.SUBJECT_PAIR, CellKey.MATRIX, CellKey.ECHO, 130, 132, 135, 137, 140));
        runs.addAll(runs("raw-unix", "sync", 1, CellKey.RAW_PAIR, CellKey.REFERENCE, "raw", 57, 60, 62, 63, 66));
        LabHealth health = health(runs, List.of());
        assertEquals(3, health.floor().size());
        assertEquals(List.of("p2p-tcp"), health.belowFloor().stream().map(r -> r.cell().key().transport()).toList());
    }
}
