package org.dbuslab.runner.stop;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
}
