package org.dbuslab.runner.stop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured us/call values of every cell, by measured block: what the precision rule resamples. A block in
 * which a cell made no usable run holds no value for it.
 */
public final class BlockSamples {

    private final Map<String, Map<Integer, double[]>> byCell = new HashMap<>();
    private int blocks;

    /**
     * @param measuredBlock 1-based among the measured blocks
     * @param usPerCall     one run's value; NaN and infinities are ignored (a run that could not be timed)
     */
    public void add(int measuredBlock, String cellId, double usPerCall) {
        if (measuredBlock < 1) {
            throw new IllegalArgumentException("measured blocks are numbered from 1");
        }
        blocks = Math.max(blocks, measuredBlock);
        if (!Double.isFinite(usPerCall)) {
            return;
        }
        byCell.computeIfAbsent(cellId, k -> new HashMap<>()).merge(measuredBlock, new double[] {usPerCall}, (a, b) -> {
            double[] both = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, both, a.length, b.length);
            return both;
        });
    }

    /**
     * Forgets the values CELL_IDS have in MEASURED_BLOCK: their runs were set aside after they were added (the host
     * slowed the CPUs of their half of the block, HostSpeed).
     */
    public void drop(int measuredBlock, java.util.Collection<String> cellIds) {
        for (String id : cellIds) {
            Map<Integer, double[]> cell = byCell.get(id);
            if (cell != null) {
                cell.remove(measuredBlock);
                if (cell.isEmpty()) {
                    byCell.remove(id);
                }
            }
        }
    }

    /** Measured blocks seen so far (the highest block number added). */
    public int blocks() {
        return blocks;
    }

    /** The cell's values per block 1..blocks(), an empty array where it has none (aligned across cells). */
    public List<double[]> of(String cellId) {
        Map<Integer, double[]> cell = byCell.getOrDefault(cellId, Map.of());
        List<double[]> out = new ArrayList<>(blocks);
        for (int b = 1; b <= blocks; b++) {
            out.add(cell.getOrDefault(b, new double[0]));
        }
        return out;
    }

    /** The cell's first value in each block where it has one, in block order. */
    public double[] firstOfEachBlock(String cellId) {
        return of(cellId).stream().filter(b -> b.length > 0).mapToDouble(b -> b[0]).toArray();
    }

    /** How many values the cell has in all (grows only when one of its runs gave one). */
    public int valuesOf(String cellId) {
        return byCell.getOrDefault(cellId, Map.of()).values().stream().mapToInt(v -> v.length).sum();
    }

    /** Whether the cell has a value from MEASURED_BLOCK (none: it did not run there, failed, or was set aside). */
    public boolean hasValueIn(int measuredBlock, String cellId) {
        return byCell.getOrDefault(cellId, Map.of()).containsKey(measuredBlock);
    }

    /** Blocks in which the cell has at least one value. */
    public int blocksWithValues(String cellId) {
        return byCell.getOrDefault(cellId, Map.of()).size();
    }
}
