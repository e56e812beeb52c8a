package org.dbuslab.runner.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.dbuslab.format.NotesTsv;
import org.dbuslab.format.OrderTsv;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Phase;
import org.dbuslab.format.PlanTsv;
import org.dbuslab.format.PrecisionTsv;
import org.dbuslab.format.SkippedTsv;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.BlockOrdering;
import org.dbuslab.runner.plan.BlockOrder;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.stop.BlockCi;
import org.dbuslab.runner.stop.BlockSamples;
import org.dbuslab.runner.stop.Precision;
import org.dbuslab.runner.stop.PrecisionRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsFolderTest {

    @TempDir
    Path dir;

    private final SessionPlan plan = PlanFixtures.plan("--calls", "500", "--libraries", "none", "--lkml-runs", "0");

    @Test
    void createsTheFolderWithTheFilesThatMustExist() {
        ResultsFolder.create(dir);
        assertTrue(Files.isDirectory(dir.resolve("logs")));
        assertTrue(Files.isDirectory(dir.resolve("latency")));
        assertEquals(List.of(), SkippedTsv.FORMAT.read(dir));
        assertEquals(List.of(), OrderTsv.FORMAT.read(dir));
    }

    @Test
    void planTsvListsTheJavaAndRawCellsWithTheirBlocks() {
        ResultsFolder.create(dir).writePlan(plan, 12, 2);
        List<PlanTsv.Row> rows = PlanTsv.FORMAT.read(dir);
        long java = plan.cells().stream().filter(c -> c.kind() == CellKind.JAVA || c.kind() == CellKind.RAW
                || c.kind() == CellKind.OVERLIMIT).count();
        assertEquals(java, rows.size(), "every Java and raw cell, each placement its row; not the libdbus pairs");
        assertEquals(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 500, 12, 2, "all", "one-cpu", ""), rows.get(0));
        SessionPlan both = PlanFixtures.plan("--calls", "500", "--libraries", "none", "--lkml-runs", "0",
                "--placement", "one-cpu,cross");
        ResultsFolder.create(dir).writePlan(both, 12, 2);
        assertTrue(PlanTsv.FORMAT.read(dir).contains(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 500, 12, 2, "all",
                "cross", "")), "the matrix cell's other placement has its row");
        assertEquals(new PlanTsv.Row("dbus-daemon-limit8", "async", 1000, 128, 500, 1, 0, "all", "one-cpu", ""),
                rows.stream().filter(r -> r.transport().equals("dbus-daemon-limit8")).findFirst().orElseThrow());
    }

    @Test
    void withRotationPlanTsvGivesEachCellItsGroupAndTheRunsOfItsGroupsBlocks() {
        org.dbuslab.runner.plan.Rotation rotation = org.dbuslab.runner.plan.Rotation.of(plan.cells(), true);
        ResultsFolder.create(dir).writePlan(plan, rotation, 10, 2);
        List<PlanTsv.Row> rows = PlanTsv.FORMAT.read(dir);
        assertEquals(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 500, 10, 2, "all", "one-cpu", ""), rows.get(0),
                "a matrix cell");
        // groups sync-1000, sync-10000, async-1000, async-10000, paths-1000: blocks 1,6 / 2,7 / 3,8 / 4,9 / 5,10
        // a raw floor cell makes three runs in each of its group's blocks
        assertTrue(rows.contains(new PlanTsv.Row("raw-unix", "sync", 1000, 1, 500, 6, 2, "sync-1000", "one-cpu", "")),
                rows.toString());
        assertTrue(rows.contains(new PlanTsv.Row("raw-tcp", "async", 10000, 128, 500, 6, 2, "async-10000", "one-cpu", "")),
                rows.toString());
        assertTrue(rows.contains(new PlanTsv.Row("dbus-daemon-limit8", "async", 1000, 128, 500, 1, 0, "all", "one-cpu", "")),
                rows.toString());
        assertTrue(rows.contains(new PlanTsv.Row("dbus-daemon-proxy", "sync", 1000, 1, 500, 2, 2, "paths-1000", "one-cpu",
                PlanTsv.ON_BUS_CPU)), "xdg-dbus-proxy on the bus's CPU: " + rows);
        assertTrue(rows.contains(new PlanTsv.Row("dbus-broker-bridge", "async", 1000, 128, 500, 2, 2, "paths-1000", "one-cpu",
                PlanTsv.ON_BUS_CPU)), "the bridge on the bus's CPU: " + rows);
        assertTrue(rows.contains(new PlanTsv.Row("dbus-daemon", "sync", 1000, 1, 500, 2, 2, "paths-1000", "one-cpu", "")),
                "a path's direct counterpart, on the bus itself: " + rows);
    }

    @Test
    void orderTsvGetsEveryBlocksRunsAsTheBlockStarts() {
        ResultsFolder folder = ResultsFolder.create(dir);
        BlockOrder warm = BlockOrder.of(plan.cellsOfBlock(Phase.WARMUP, 0), Phase.WARMUP, BlockOrdering.INTERLEAVED, 77, 1);
        BlockOrder first = BlockOrder.of(plan.cellsOfBlock(Phase.MEASURE, 1), Phase.MEASURE, BlockOrdering.INTERLEAVED, 77, 2);
        folder.appendOrder(warm);
        folder.appendOrder(first);
        List<OrderTsv.Row> rows = OrderTsv.FORMAT.read(dir);
        assertEquals(warm.cells().size() + first.cells().size(), rows.size());
        OrderTsv.Row a = rows.get(0);
        Cell c = warm.cells().get(0);
        assertEquals(new OrderTsv.Row(1, 1, c.kind().label(), c.series().label(), c.pair().label(), c.transport().label(),
                c.mode().label(), c.payloadBytes(), c.window(), c.calls(), 0, 1, 20_150_430L, "interleaved", 77), a);
        OrderTsv.Row last = rows.get(rows.size() - 1);
        assertEquals(2, last.round());
        assertEquals(first.cells().size(), last.position());
        assertEquals(1, last.runs());
        assertTrue(rows.stream().anyMatch(r -> r.kind().equals("overlimit") && r.round() == 2));
        assertTrue(rows.stream().allMatch(r -> r.blockGroup().equals("all")));
        folder.appendOrder(BlockOrder.of(plan.matrix(), Phase.MEASURE, BlockOrdering.INTERLEAVED, 77, 3).withGroup("sync-1000"));
        assertEquals("sync-1000", OrderTsv.FORMAT.read(dir).get(rows.size()).blockGroup());
    }

    @Test
    void skippedAndNotesAppendAsTheyHappen() {
        ResultsFolder folder = ResultsFolder.create(dir);
        folder.skipped(Transport.P2P_TCP, "server did not start:\tport in use");
        folder.skipped(Transport.DBUS_DAEMON, Pair.LIBDBUS_JAVA, "hook pending");
        assertEquals(List.of(new SkippedTsv.Row("p2p-tcp", "server did not start: port in use"),
                new SkippedTsv.Row("dbus-daemon libdbus-java", "hook pending")), SkippedTsv.FORMAT.read(dir));
        folder.note("over-limit", "as-expected", "120 of 256 calls got LimitsExceeded");
        assertEquals(List.of(new NotesTsv.Row("over-limit", "as-expected", "120 of 256 calls got LimitsExceeded")),
                NotesTsv.FORMAT.read(dir));
    }

    @Test
    void aSkippedReasonIsNeverEmpty() {
        ResultsFolder folder = ResultsFolder.create(dir);
        folder.skipped(Transport.P2P_UNIX, "p2p-unix sync 1000 B: client timed out after 45s: ");
        folder.skipped(Transport.P2P_TCP, " ");
        folder.skipped(Transport.DBUS_DAEMON, Pair.LIBDBUS_JAVA, "");
        assertEquals(List.of(new SkippedTsv.Row("p2p-unix", "p2p-unix sync 1000 B: client timed out after 45s: no output"),
                new SkippedTsv.Row("p2p-tcp", "no output"), new SkippedTsv.Row("dbus-daemon libdbus-java", "no output")),
                SkippedTsv.FORMAT.read(dir));
    }

    @Test
    void precisionTsvHasEveryMatrixCellAndComparisonButNotSkippedOnes() {
        BlockSamples samples = new BlockSamples();
        for (int b = 1; b <= 3; b++) {
            for (Cell c : plan.cells()) {
                samples.add(b, c.id(), 100 + b);
            }
        }
        Cell skipped = plan.matrix().stream().filter(c -> c.transport() == Transport.P2P_TCP).findFirst().orElseThrow();
        List<Precision> precision = new PrecisionRule(plan, 3, 0, 5, BlockCi.deciding()).assess(samples, Set.of(skipped.id()));
        ResultsFolder.create(dir).writePrecision(precision);
        List<PrecisionTsv.Row> rows = PrecisionTsv.FORMAT.read(dir);
        assertEquals(20 - 1 + 32 - 1 + 24, rows.size(), "matrix, headline comparisons, each path's price (no lkml here)");
        assertTrue(rows.stream().filter(r -> r.kind().equals("path")).allMatch(r -> r.targetPct() == 5.0), rows.toString());
        PrecisionTsv.Row first = rows.get(0);
        assertEquals("cell", first.kind());
        assertEquals("dbus-daemon", first.transport());
        assertEquals(3, first.blocks());
        assertEquals(3.0, first.targetPct());
        PrecisionTsv.Row client = rows.stream().filter(r -> r.kind().equals("client-libdbus")).findFirst().orElseThrow();
        assertEquals("dbus-java>libdbus", client.pair());
        assertEquals("libdbus>libdbus", client.versusPair());
        assertEquals(client.transport(), client.versusTransport());
    }
}
