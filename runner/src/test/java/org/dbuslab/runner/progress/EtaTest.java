package org.dbuslab.runner.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.dbuslab.format.Phase;
import org.dbuslab.runner.stop.Budget;
import org.dbuslab.runner.stop.TestClock;
import org.junit.jupiter.api.Test;

class EtaTest {

    private static final Instant START = Instant.parse("2026-12-01T14:00:00Z");
    private final TestClock clock = new TestClock(START);
    private final Eta eta = new Eta(clock, new Budget(START, Duration.ofMinutes(10), clock));

    private void block(Phase phase, Duration took) {
        eta.blockStarted(phase, true);
        clock.advance(took);
        assertEquals(took, eta.blockFinished());
    }

    @Test
    void unknownUntilABlockHasFinished() {
        assertEquals(Optional.empty(), eta.remaining(5));
        assertEquals(Optional.of(Duration.ZERO), eta.remaining(0));
        assertEquals(-1, eta.blocksAllowed());
        assertThrows(IllegalStateException.class, eta::blockFinished);
    }

    @Test
    void warmupBlocksStandInUntilAMeasuredOneHasFinished() {
        block(Phase.WARMUP, Duration.ofSeconds(40));
        assertEquals(Optional.of(Duration.ofSeconds(120)), eta.remaining(3));
        block(Phase.MEASURE, Duration.ofSeconds(20));
        assertEquals(Optional.of(Duration.ofSeconds(60)), eta.remaining(3), "measured blocks only, once there is one");
    }

    @Test
    void theMeanOfTheLatestThreeMeasuredBlocksTimesTheBlocksLeft() {
        block(Phase.MEASURE, Duration.ofSeconds(100));
        block(Phase.MEASURE, Duration.ofSeconds(20));
        block(Phase.MEASURE, Duration.ofSeconds(30));
        block(Phase.MEASURE, Duration.ofSeconds(40));
        assertEquals(Duration.ofSeconds(30), eta.expectedBlock(), "the 100 s block has dropped out");
        assertEquals(Optional.of(Duration.ofSeconds(60)), eta.remaining(2));
    }

    /** A paced session's blocks come in two lengths: each kind is expected as its own latest blocks took. */
    @Test
    void blocksWithAndWithoutAGroupAreExpectedApart() {
        block(Phase.MEASURE, Duration.ofSeconds(12));
        assertEquals(Duration.ofSeconds(12), eta.expectedBlock(false), "none without a group yet: the mean of all");
        eta.blockStarted(Phase.MEASURE, false);
        clock.advance(Duration.ofSeconds(4));
        eta.blockFinished();
        eta.blockStarted(Phase.MEASURE, false);
        clock.advance(Duration.ofSeconds(6));
        eta.blockFinished();
        block(Phase.MEASURE, Duration.ofSeconds(20));
        assertEquals(Duration.ofSeconds(16), eta.expectedBlock(true));
        assertEquals(Duration.ofSeconds(5), eta.expectedBlock(false));
        assertEquals(Duration.ofSeconds(10), eta.expectedBlock(), "the mean of the latest three, either kind");
    }

    @Test
    void neverMoreThanTheBudgetLeft() {
        block(Phase.MEASURE, Duration.ofSeconds(60));
        clock.advance(Duration.ofMinutes(7)); // 8 min gone in all
        assertEquals(Optional.of(Duration.ofMinutes(2)), eta.remaining(10));
        assertEquals(2, eta.blocksAllowed(), "2 min left holds two more 60 s blocks");
        clock.advance(Duration.ofMinutes(5));
        assertEquals(Optional.of(Duration.ZERO), eta.remaining(10));
        assertEquals(0, eta.blocksAllowed());
    }

    @Test
    void withRotationTheEstimateAveragesWholeCyclesOfBlocks() {
        assertEquals(4, new Eta(java.time.Clock.systemUTC(), null).averagingCyclesOf(4).averaged());
        assertEquals(4, new Eta(java.time.Clock.systemUTC(), null).averagingCyclesOf(2).averaged());
        assertEquals(3, new Eta(java.time.Clock.systemUTC(), null).averagingCyclesOf(0).averaged());
        assertEquals(6, new Eta(java.time.Clock.systemUTC(), null).averagingCyclesOf(6).averaged());
    }
}
