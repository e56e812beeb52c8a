package org.dbuslab.server;

/**
 * dbus-java logs a peer's SASL garbage (with the peer's bytes) and a connection's fatal read error with whole
 * stack traces, 16 lines a peer. The server reports each of these itself in one line ("peer rejected",
 * "peer dropped", "lost the bus connection"), so those loggers are turned off, and DBusConnection's, whose only
 * complaint on the way out is the name it could not release on a dead bus; every other warning stays.
 */
final class DbusJavaLogs {

    private static final String PREFIX = "org.slf4j.simpleLogger.log.";

    private DbusJavaLogs() {
    }

    /** Must run before dbus-java creates its loggers (slf4j-simple reads a logger's level when it is created). */
    static void leavePeerFaultsToTheServer() {
        System.setProperty(PREFIX + "org.freedesktop.dbus.connections.SASL", "off");
        System.setProperty(PREFIX + "org.freedesktop.dbus.connections.base.IncomingMessageThread", "off");
        // "Error while releasing busName" with a 13-line trace when a disconnect meets a bus that has gone: the
        // server has said "lost the bus connection" already
        System.setProperty(PREFIX + "org.freedesktop.dbus.connections.impl.DBusConnection", "off");
    }
}
