package org.dbuslab.runner.plan;

import static org.dbuslab.runner.plan.PlanFixtures.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.dbuslab.format.Phase;
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
