package org.dbuslab.server;

import org.dbuslab.cli.OneLine;
import org.dbuslab.labio.DbusJavaRace;
import org.freedesktop.dbus.exceptions.NotConnected;

import java.io.PrintStream;

/**
 * What the server does with an exception no thread caught: one line on stderr instead of the JVM's stack trace,
 * and nothing at all for dbus-java 5.1.1's known race after a peer left (docs/DESIGN.md, "Defects in
 * dbus-java 5.1.1"): its connection thread reads, or its sender thread writes, once more after the lab closed the
 * connection, and dies of a NullPointerException on the transport just released, or a worker's reply finds the
 * connection gone (NotConnected). The server already reported that peer as left.
 */
final class UncaughtExceptions implements Thread.UncaughtExceptionHandler {

    private final PrintStream err;

    private UncaughtExceptions(PrintStream err) {
        this.err = err;
    }

    static void reportOnOneLine(PrintStream err) {
        Thread.setDefaultUncaughtExceptionHandler(new UncaughtExceptions(err));
    }

    @Override
    public void uncaughtException(Thread thread, Throwable e) {
        if (isUseAfterClose(e)) {
            return;
        }
        err.println("dbus-lab-server: " + thread.getName() + " failed: " + e.getClass().getSimpleName() + ": "
            + OneLine.withCauses(e));
    }

    static boolean isUseAfterClose(Throwable e) {
        if (e instanceof NotConnected) {
            return true; // a dbus-java worker answering a call whose peer has gone
        }
        String message = String.valueOf(e.getMessage());
        return DbusJavaRace.isNullPointerInDbusJava(e)
            && (message.contains("transportConnection") || message.contains("getTransport()"));
    }
}
