package org.dbuslab.analysis;

import org.dbuslab.analysis.model.RunBlocks;
import org.dbuslab.analysis.model.ScaleResults;
import org.dbuslab.format.ScaleRunsCsv;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scale verdict's ratio: paired by block when enough blocks hold runs of both points, so the machine's drift
 * between blocks (here tenfold) cancels; with too few common blocks, the run bootstrap of each side.
 */
public class ScaleRatioTest {

    /** How fast the machine was in each block: every point's rate moves with it. */
    private static final double[] DRIFT = {0.3, 1.0, 3.0, 0.5, 2.0, 1.5};

    /** Two runs per block (one tool process), RATE × the block's drift × a little noise; BLOCKS of them. */
    private static void point(List<ScaleRunsCsv.Row> rows, String transport, double rate, int blocks) {
        for (int block = 1; block <= blocks; block++) {
            for (int run = 1; run <= 2; run++) {
                long count = Math.round(rate * DRIFT[block - 1] * (run == 1 ? 1.0 : 1.04));
                rows.add(new ScaleRunsCsv.Row("clients", block, "measure", run, "", transport, "async", 32, 1000, 16, 0,
                    0, 0, 0, count, 1_000_000_000L, 0, 0, 0, 0, 0, 1, 2, 1.0, -1, -1, -1, -1, "-"));
            }
        }
    }

    private static ScaleResults.Ratio brokerOverDaemon(int brokerBlocks) {
        List<ScaleRunsCsv.Row> rows = new ArrayList<>();
        point(rows, "dbus-daemon", 10_000, 6);
        point(rows, "dbus-broker", 20_000, brokerBlocks);
        ScaleResults scale = ScaleResults.of(rows, List.of());
        return ScaleResults.Ratio.of(scale.find("clients", "dbus-broker", "async", 32, 16, 0, 0, 0),
            scale.find("clients", "dbus-daemon", "async", 32, 16, 0, 0, 0)).orElseThrow();
    }

    @Test
    public void sixCommonBlocksArePairedAndTheDriftCancels() {
        ScaleResults.Ratio r = brokerOverDaemon(6);
        assertEquals(6, r.pairedBlocks());
        assertEquals(2.0, r.ratio(), 0.05);
        assertTrue(r.ci95().low() > 1.9 && r.ci95().high() < 2.1, "paired: the drift cancels: " + r.ci95());
        assertTrue(r.text().endsWith(", paired over 6 blocks)"), r.text());
    }

    @Test
    public void tooFewCommonBlocksFallBackToTheRunBootstrap() {
        ScaleResults.Ratio r = brokerOverDaemon(RunBlocks.MIN_BLOCKS - 1);
        assertEquals(0, r.pairedBlocks());
        assertTrue(r.ci95().high() - r.ci95().low() > 1, "unpaired: the drift widens the interval: " + r.ci95());
        assertTrue(!r.text().contains("paired"), r.text());
    }
}
