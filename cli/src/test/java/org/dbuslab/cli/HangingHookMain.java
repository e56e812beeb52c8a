package org.dbuslab.cli;

/** A main whose shutdown hook never returns, for {@link LabExitTest}: it exits through LabCli.exitWithin(3). */
public final class HangingHookMain {

    private HangingHookMain() {
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "hanging-hook"));
        LabCli.exitWithin(3);
    }
}
