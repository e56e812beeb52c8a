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
            Set<ComparisonCluster> finished = new HashSet<>();
            ComparisonCluster current = null;
            for (Cell c : order) {
                ComparisonCluster k = ComparisonCluster.of(c);
                if (!k.equals(current)) {
                    assertTrue(finished.add(k), "cluster " + k + " split in block " + block + ": " + order);
                    current = k;
                }
            }
        }
    }

    @Test
    void clusteredShufflesTheClustersAndTheRunsWithinThem() {
        Set<ComparisonCluster> firstClusters = new HashSet<>();
        Set<Cell> firstCellsOfMatrixCluster = new HashSet<>();
        ComparisonCluster matrixShape = ComparisonCluster.of(cells.get(0));
        for (int block = 1; block <= 60; block++) {
            List<Cell> order = BlockOrder.of(cells, Phase.MEASURE, BlockOrdering.CLUSTERED, 9, block).cells();
            firstClusters.add(ComparisonCluster.of(order.get(0)));
            order.stream().filter(c -> ComparisonCluster.of(c).equals(matrixShape)).findFirst().ifPresent(firstCellsOfMatrixCluster::add);
        }
        long clusters = cells.stream().map(ComparisonCluster::of).distinct().count();
        assertTrue(firstClusters.size() > clusters / 2, firstClusters.size() + " of " + clusters + " clusters ever came first");
        long inShape = cells.stream().filter(c -> ComparisonCluster.of(c).equals(matrixShape)).count();
        assertEquals(inShape, firstCellsOfMatrixCluster.size(), "every cell of the cluster came first in some block");
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
}
