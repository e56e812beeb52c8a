package org.dbuslab.runner.stop;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** The session's time budget, counted from the session's start (the launcher's, build included). */
public record Budget(Instant start, Duration total, Clock clock) {

    /**
     * The budget for the blocks when {@code reserve} must be left for what comes after them (scenarios, the
     * report), so the whole session ends within the total. Never below zero.
     */
    public Budget withReserve(Duration reserve) {
        Duration left = total.minus(reserve);
        return new Budget(start, left.isNegative() ? Duration.ZERO : left, clock);
    }

    public Instant deadline() {
        return start.plus(total);
    }

    public Duration elapsed() {
        return Duration.between(start, clock.instant());
    }

    /** What is left, never negative. */
    public Duration remaining() {
        Duration left = Duration.between(clock.instant(), deadline());
        return left.isNegative() ? Duration.ZERO : left;
    }

    /** True when another piece of work of this expected length still ends within the budget. */
    public boolean allows(Duration next) {
        return remaining().compareTo(next) >= 0 && !remaining().isZero();
    }
}
