package org.dbuslab.runner.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.Mode;
import org.dbuslab.runner.stop.Decision;
import org.dbuslab.runner.stop.Precision;
import org.junit.jupiter.api.Test;

class BlockForecastTest {

    private static final Cell CELL = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);

    private static Precision at(double halfWidth, boolean met) {
        return new Precision(CELL, null, 4, 100, halfWidth, 3, met, met ? 4 : 0, false);
    }

    private static Decision going(Precision... p) {
        return new Decision(Decision.Verdict.CONTINUE, List.of(p));
    }

    @Test
    void aFixedCountLeavesWhatIsLeftOfIt() {
        assertEquals(2, BlockForecast.blocksLeft(1, 3, 3, null));
        assertEquals(0, BlockForecast.blocksLeft(3, 3, 3, null));
    }

    @Test
    void theWidestUnmetSubjectDecidesAsTheSquareOfHowFarItIs() {
        // 6% after 4 blocks: (6/3)^2 x 4 = 16 blocks in all, 12 more
        assertEquals(12, BlockForecast.blocksLeft(4, 0, 5, going(at(6, false), at(4, false), at(2, true))));
        assertEquals(1, BlockForecast.blocksLeft(5, 0, 5, going(at(3.01, false))), "nearly there: one more");
    }

    @Test
    void aRotatedSubjectsBlocksStillNeededScaleWithTheShareOfBlocksItGets() {
        // 6% after its own 3 blocks of 12 (one group of 4): 3 x 4 = 12 own blocks in all, 9 more, every 4th block
        Precision rotated = new Precision(CELL, null, 3, 100, 6, 3, false, 0, false);
        assertEquals(36, BlockForecast.blocksLeft(12, 0, 5, going(rotated)));
    }

    @Test
    void neverFewerThanTheLeastBlocksAndUnknownsCountAsTheLeast() {
        assertEquals(5, BlockForecast.blocksLeft(0, 0, 5, null));
        assertEquals(3, BlockForecast.blocksLeft(2, 0, 5, going(at(1, true))));
        assertEquals(3, BlockForecast.blocksLeft(2, 0, 5, going(at(Double.NaN, false))));
        assertEquals(0, BlockForecast.blocksLeft(7, 0, 5, new Decision(Decision.Verdict.TARGET_MET, List.of(at(1, true)))));
    }
}
