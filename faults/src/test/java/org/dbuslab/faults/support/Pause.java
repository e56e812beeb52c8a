package org.dbuslab.faults.support;

/** Thread.sleep without the checked exception, for polling loops. */
public final class Pause {

    private Pause() {
    }

    public static void millis(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
