package org.dbuslab.stock;

/** Runs a clean-up step on a daemon thread and waits for it at most {@link #WAIT_MS}: exit must not hang on it. */
final class Bounded {

    static final long WAIT_MS = 2_000;

    private Bounded() {
    }

    static void run(String name, Runnable step) {
        Thread thread = new Thread(() -> {
            try {
                step.run();
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        try {
            thread.join(WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
