package org.dbuslab.runner.plan;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Phase;
import org.dbuslab.format.Placement;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.options.BlockOrdering;
import org.junit.jupiter.api.Test;

class BlockOrderTest {

    private final List<Cell> cells = plan().cellsOfBlock(Phase.MEASURE, 2);

    @Test
    void aBlockRunsEveryCellOnce() {
        BlockOrder order = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 42, 3);
        assertEquals(Set.copyOf(cells), Set.copyOf(order.cells()));
        assertEquals(cells.size(), order.cells().size());
    }

    @Test
    void theOrderFollowsFromTheSeedAndTheBlockNumberAlone() {
        BlockOrder a = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 42, 3);
        BlockOrder again = BlockOrder.of(List.copyOf(cells), Phase.MEASURE, BlockOrdering.INTERLEAVED, 42, 3);
        assertEquals(a.cells(), again.cells());
        assertNotEquals(a.cells(), BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 42, 4).cells());
        assertNotEquals(a.cells(), BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 43, 3).cells());
        assertNotEquals(cells, a.cells(), "shuffled");
    }

    @Test
    void blocksOfOneSessionAllDiffer() {
        Set<List<Cell>> seen = new HashSet<>();
        for (int block = 1; block <= 50; block++) {
            seen.add(BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 7, block).cells());
        }
        assertEquals(50, seen.size());
    }

    @Test
    void theShuffleSpreadsCellsOverEveryPosition() {
        // over many blocks the first matrix cell lands in the first and in the second half about equally often
        int firstHalf = 0;
        for (int block = 1; block <= 400; block++) {
            int position = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 1, block).cells().indexOf(cells.get(0));
            if (position < cells.size() / 2) {
                firstHalf++;
            }
        }
        assertEquals(200, firstHalf, 40);
    }

    @Test
    void clusteredRunsEachComparisonsCellsBackToBack() {
        for (int block = 1; block <= 20; block++) {
            List<Cell> order = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.CLUSTERED, 42, block).cells();
            assertEquals(Set.copyOf(cells), Set.copyOf(order));
            assertEquals(cells.size(), order.size());
            assertEachRunsTogether(order, ComparisonCluster::of, block);
        }
    }

    @Test
    void clusteredOrdersFollowFromTheSeedAndTheBlockNumberAlone() {
        BlockOrder a = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.CLUSTERED, 42, 3);
        assertEquals(a.cells(), BlockOrder.of(List.copyOf(cells), Phase.MEASURE, BlockOrdering.CLUSTERED, 42, 3).cells());
        assertNotEquals(a.cells(), BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.CLUSTERED, 42, 4).cells());
        assertNotEquals(a.cells(), BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 42, 3).cells());
    }

    @Test
    void clusteredRunsAShapesClustersNextToEachOther() {
        for (int block = 1; block <= 20; block++) {
            List<Cell> order = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.CLUSTERED, 5, block).cells();
            assertEachRunsTogether(order, c -> ComparisonCluster.of(c).shape(), block);
        }
    }

    @Test
    void clusteredShufflesTheRunsWithinACluster() {
        ComparisonCluster matrixShape = ComparisonCluster.of(cells.get(0));
        Set<Cell> firstOfCluster = new HashSet<>();
        for (int block = 1; block <= 60; block++) {
            BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.CLUSTERED, 9, block).cells().stream()
                .filter(c -> ComparisonCluster.of(c).equals(matrixShape)).findFirst().ifPresent(firstOfCluster::add);
        }
        assertEquals(cells.stream().filter(c -> ComparisonCluster.of(c).equals(matrixShape)).count(), firstOfCluster.size(),
            "every cell of the cluster came first in some block");
    }

    @Test
    void aLargeClusterComesFirstNoMoreOftenThanASmallOne() {
        // gathered by first appearance alone, a cluster of 6 cells would lead its shape about 6 times as often as one of 1
        List<Cell> shape = new java.util.ArrayList<>();
        for (Transport t : List.of(Transport.DBUS_DAEMON, Transport.DBUS_BROKER, Transport.P2P_UNIX, Transport.P2P_TCP,
                Transport.DBUS_DAEMON_TCP, Transport.RAW_UNIX)) {
            shape.add(t == Transport.RAW_UNIX ? new Cell(CellKind.RAW, Series.REFERENCE, Pair.RAW, t, Mode.SYNC, 1000, 1, 500)
                : new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, t, Mode.SYNC, 1000, 1, 500));
        }
        Cell small = new Cell(CellKind.SPAM_LIBDBUS, Series.REFERENCE, Pair.LIBDBUS, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        shape.add(small);
        ComparisonCluster big = ComparisonCluster.of(shape.get(0));
        int bigFirst = 0;
        for (int block = 1; block <= 2000; block++) {
            if (ComparisonCluster.of(BlockOrder.of(shape, Phase.MEASURE, BlockOrdering.CLUSTERED, 3, block).cells().get(0))
                    .equals(big)) {
                bigFirst++;
            }
        }
        assertEquals(1000, bigFirst, 100, "the 6-cell cluster led " + bigFirst + " of 2000 blocks");
    }

    @Test
    void placementHalvesAndRepeatedRunsKeepTheirClusters() {
        List<Cell> withCross = new java.util.ArrayList<>(cells);
        cells.stream().filter(c -> c.series() == Series.MATRIX).map(c -> c.withPlacement(Placement.CROSS)).forEach(withCross::add);
        Cell repeated = cells.stream().filter(c -> c.pair() == Pair.RAW).findFirst().orElseThrow();
        withCross.add(repeated);
        withCross.add(repeated); // a raw floor cell runs three times a block
        for (int block = 1; block <= 20; block++) {
            List<Cell> order = BlockOrder.of(withCross, Phase.MEASURE, BlockOrdering.CLUSTERED, 11, block)
                .inPlacementHalves(BlockOrder.placementsOfBlock(List.of(Placement.ONE_CPU, Placement.CROSS), block)).cells();
            assertEquals(withCross.size(), order.size());
            assertEachRunsTogether(order, ComparisonCluster::of, block);
        }
    }

    @Test
    void aComparisonsCellsShareACluster() {
        Cell daemon = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        Cell broker = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.DBUS_BROKER, Mode.SYNC, 1000, 1, 400);
        Cell floor = new Cell(CellKind.RAW, Series.REFERENCE, Pair.RAW, Transport.RAW_UNIX, Mode.SYNC, 1000, 1, 600);
        Cell cross = daemon.withPlacement(Placement.CROSS);
        Cell async = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.DBUS_DAEMON, Mode.ASYNC, 1000, 128, 500);
        assertEquals(ComparisonCluster.of(daemon), ComparisonCluster.of(broker));
        assertEquals(ComparisonCluster.of(daemon), ComparisonCluster.of(floor));
        assertNotEquals(ComparisonCluster.of(daemon), ComparisonCluster.of(cross));
        assertNotEquals(ComparisonCluster.of(daemon), ComparisonCluster.of(async));

        Cell direct = new Cell(CellKind.JAVA, Series.PATHS, Pair.JAVA, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        Cell proxy = new Cell(CellKind.JAVA, Series.PATHS, Pair.JAVA, Transport.DBUS_DAEMON_PROXY, Mode.SYNC, 1000, 1, 500);
        Cell otherClient = new Cell(CellKind.SPAM_JAVA, Series.PATHS, Pair.LIBDBUS_JAVA, Transport.DBUS_DAEMON_PROXY, Mode.SYNC, 1000, 1, 500);
        Cell brokerProxy = new Cell(CellKind.JAVA, Series.PATHS, Pair.JAVA, Transport.DBUS_BROKER_PROXY, Mode.SYNC, 1000, 1, 500);
        assertEquals(ComparisonCluster.of(direct), ComparisonCluster.of(proxy));
        assertNotEquals(ComparisonCluster.of(proxy), ComparisonCluster.of(otherClient));
        assertNotEquals(ComparisonCluster.of(proxy), ComparisonCluster.of(brokerProxy));

        Cell libdbus = new Cell(CellKind.SPAM_LIBDBUS, Series.REFERENCE, Pair.LIBDBUS, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        Cell javaClient = new Cell(CellKind.JAVA_LIBDBUS, Series.REFERENCE, Pair.JAVA_LIBDBUS, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        Cell glib = new Cell(CellKind.GLIB, Series.LIBRARIES, Pair.GLIB_GLIB, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 200);
        assertEquals(ComparisonCluster.of(libdbus), ComparisonCluster.of(javaClient));
        assertEquals(ComparisonCluster.of(libdbus), ComparisonCluster.of(glib));
        assertNotEquals(ComparisonCluster.of(libdbus), ComparisonCluster.of(daemon));

        Cell rules = new Cell(CellKind.SDBUS, Series.POLICY, Pair.SDBUS_SDBUS, Transport.DBUS_DAEMON_RULES10000, Mode.SYNC, 1000, 1, 500);
        Cell noRules = new Cell(CellKind.SDBUS, Series.POLICY, Pair.SDBUS_SDBUS, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        assertEquals(ComparisonCluster.of(rules), ComparisonCluster.of(noRules));

        Cell lkmlBus = new Cell(CellKind.GLIB, Series.LKML, Pair.GLIB_GLIB, Transport.DBUS_DAEMON, Mode.ASYNC, 1000, 128, 128);
        Cell lkmlP2p = new Cell(CellKind.GLIB, Series.LKML, Pair.GLIB_GLIB, Transport.P2P_UNIX, Mode.ASYNC, 1000, 128, 128);
        Cell lkmlLarge = new Cell(CellKind.GLIB, Series.LKML, Pair.GLIB_GLIB, Transport.P2P_UNIX, Mode.ASYNC, 10000, 128, 128);
        assertEquals(ComparisonCluster.of(lkmlBus), ComparisonCluster.of(lkmlP2p));
        assertNotEquals(ComparisonCluster.of(lkmlP2p), ComparisonCluster.of(lkmlLarge));

        // the lab's own pair (a matrix cell) against libdbus>libdbus spans two clusters of one shape
        assertNotEquals(ComparisonCluster.of(daemon), ComparisonCluster.of(libdbus));
        assertEquals(ComparisonCluster.of(daemon).shape(), ComparisonCluster.of(libdbus).shape());
        assertNotEquals(ComparisonCluster.of(daemon).shape(), ComparisonCluster.of(async).shape());

        Cell w8 = new Cell(CellKind.JAVA, Series.SWEEP, Pair.JAVA, Transport.DBUS_DAEMON, Mode.ASYNC, 1000, 8, 500);
        Cell w16 = new Cell(CellKind.JAVA, Series.SWEEP, Pair.JAVA, Transport.DBUS_DAEMON, Mode.ASYNC, 1000, 16, 500);
        assertEquals(ComparisonCluster.of(w8), ComparisonCluster.of(w16));
    }

    @Test
    void sequentialKeepsPlanOrder() {
        assertEquals(cells, BlockOrder.of(cells, Phase.WARMUP, BlockOrdering.SEQUENTIAL, 42, 9).cells());
    }

    @Test
    void blocksAreNumberedFromOneAndPayloadSeedsStepByAThousand() {
        assertThrows(IllegalArgumentException.class, () -> BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.INTERLEAVED, 1, 0));
        assertEquals(20_150_430L, BlockOrder.of(cells, Phase.WARMUP, BlockOrdering.SEQUENTIAL, 1, 1).payloadSeed());
        assertEquals(20_152_430L, BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.SEQUENTIAL, 1, 3).payloadSeed());
    }

    /** Every value of KEY over ORDER's cells occupies one stretch of the order. */
    private static void assertEachRunsTogether(List<Cell> order, java.util.function.Function<Cell, Object> key, int block) {
        Set<Object> finished = new HashSet<>();
        Object current = null;
        for (Cell c : order) {
            Object k = key.apply(c);
            if (!k.equals(current)) {
                assertTrue(finished.add(k), k + " split in block " + block + ": " + order);
                current = k;
            }
        }
    }
}
