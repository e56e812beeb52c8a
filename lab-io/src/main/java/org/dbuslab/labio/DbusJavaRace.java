package org.dbuslab.labio;

/**
 * Recognises dbus-java's use-after-close race by its stack (docs/DESIGN.md, "Defects in dbus-java 5.1.1", 3): once a
 * connection's socket is gone, its reader, sender or disconnect still touches what the close released and dies of a
 * NullPointerException thrown inside dbus-java. Only such an exception with its message (the JVMs run with
 * -XX:-OmitStackTraceInFastThrow) and a dbus-java frame on top counts: a message-less one could be anything.
 */
public final class DbusJavaRace {

    private static final String DBUS_JAVA = "org.freedesktop.dbus.";

    private DbusJavaRace() {
    }

    /** A NullPointerException with its message, thrown in dbus-java's own code. */
    public static boolean isNullPointerInDbusJava(Throwable e) {
        StackTraceElement[] stack = e.getStackTrace();
        return e instanceof NullPointerException && e.getMessage() != null
            && stack.length > 0 && stack[0].getClassName().startsWith(DBUS_JAVA);
    }

    /**
     * What ends one of dbus-java's own threads once its peer is gone: the race above, or dbus-java's NotConnected
     * ("Cannot send message: Not connected") from a thread that still wrote after the bus went away (BusFaultIT,
     * dbus-daemon async, bus killed mid-run). The run that lost the peer has said so in its own line already.
     */
    public static boolean endsAThreadAfterThePeerLeft(Throwable e) {
        return isNullPointerInDbusJava(e) || e instanceof org.freedesktop.dbus.exceptions.NotConnected;
    }

    /**
     * Runs dbus-java's disconnect of a connection whose socket the lab already ended (a stalled peer): the race's
     * NullPointerException is the expected end of that disconnect, any other failure is thrown.
     */
    public static void disconnectAfterSocketEnded(Runnable disconnect) {
        try {
            disconnect.run();
        } catch (NullPointerException e) {
            if (!isNullPointerInDbusJava(e)) {
                throw e;
            }
        }
    }
}
