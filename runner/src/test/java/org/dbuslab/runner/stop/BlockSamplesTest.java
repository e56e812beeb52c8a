package org.dbuslab.runner.stop;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class BlockSamplesTest {

    /** What the noise forecast and the matrix-first rule read: one value a block, blocks without one left out. */
    @Test
    void firstOfEachBlockSkipsBlocksWithoutAValue() {
        BlockSamples samples = new BlockSamples();
        samples.add(1, "a", 10);
        samples.add(1, "a", 11);
        samples.add(2, "b", 99);
        samples.add(3, "a", Double.NaN);
        samples.add(4, "a", 12);
        assertArrayEquals(new double[] {10, 12}, samples.firstOfEachBlock("a"));
        assertArrayEquals(new double[0], samples.firstOfEachBlock("none"));
    }

    /** A half-block the host slowed: its cells' values of that block go, the other cells' and blocks' stay. */
    @Test
    void dropForgetsTheNamedCellsOfOneBlockOnly() {
        BlockSamples samples = new BlockSamples();
        samples.add(1, "cross", 10);
        samples.add(1, "one", 20);
        samples.add(2, "cross", 11);
        samples.drop(1, List.of("cross", "never-ran"));
        assertArrayEquals(new double[] {11}, samples.firstOfEachBlock("cross"));
        assertArrayEquals(new double[] {20}, samples.firstOfEachBlock("one"));
        assertEquals(2, samples.blocks(), "the block still happened");
        assertEquals(1, samples.blocksWithValues("cross"));
    }
}
