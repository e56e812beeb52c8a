package org.dbuslab.scenarios.monitor;

import java.io.IOException;
import java.util.List;

/** Waits until the monitor has seen a client's connection end, then hands over everything it saw. */
public final class Observation {

    private static final long TIMEOUT_MS = 10_000;

    private Observation() {
    }

    /**
     * Waits until the monitor has printed a client's Hello: busctl monitor prints a message a little after the bus
     * routed it, so a process can have exited before its Hello reached the monitor's output. False after the timeout.
     */
    public static boolean awaitHello(BusctlMonitor monitor) throws InterruptedException {
        return monitor.await(MessageTally::isHello, TIMEOUT_MS);
    }

    /** The bus announces a closed connection with NameOwnerChanged(name, name, ""): after it, nothing more comes. */
    public static List<ObservedMessage> untilGone(BusctlMonitor monitor, String client)
            throws IOException, InterruptedException {
        boolean gone = monitor.await(m -> m.isSignal() && "NameOwnerChanged".equals(m.member())
            && client.equals(m.arg0()) && "".equals(m.arg2()), TIMEOUT_MS);
        if (!gone) {
            throw new IOException("the monitor did not see " + client + " disconnect within " + TIMEOUT_MS + " ms");
        }
        return monitor.messages();
    }
}
