package org.dbuslab.scale.relay;

/**
 * How a relay delays: {@code delayNanos} one way; at most {@code budgetBytes} held per direction per connection;
 * the last {@code spinNanos} of each hold spent spinning instead of parked, for precision (0 = always park).
 */
public record DelaySettings(long delayNanos, int budgetBytes, long spinNanos) {

    /** Default bytes held per direction per connection before the relay stops reading. */
    public static final int DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
    /** Default spin before each due time: covers Linux's 50 us timer slack with some margin. */
    public static final long DEFAULT_SPIN_NANOS = 100_000;

    public DelaySettings {
        if (delayNanos < 0) {
            throw new IllegalArgumentException("delay must be >= 0, was " + delayNanos + " ns");
        }
        if (budgetBytes < DelayLine.MIN_BUDGET_BYTES) {
            throw new IllegalArgumentException("budget must be at least " + DelayLine.MIN_BUDGET_BYTES + " bytes, was "
                + budgetBytes);
        }
        if (spinNanos < 0) {
            throw new IllegalArgumentException("spin must be >= 0, was " + spinNanos + " ns");
        }
    }

    public static DelaySettings of(long delayNanos) {
        return new DelaySettings(delayNanos, DEFAULT_BUDGET_BYTES, DEFAULT_SPIN_NANOS);
    }
}
