package org.dbuslab.scenarios.monitor;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.errors.NoReply;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

/**
 * Marks the start of a phase in the bus monitor's stream: a harmless call to the bus driver,
 * {@code NameHasOwner("org.dbuslab.Marker.<Phase>")}, that the tally recognises and leaves out of the counts.
 * Waiting for its reply also means every message the client sent before it has passed the bus.
 */
public final class PhaseMarker {

    public static final String PREFIX = "org.dbuslab.Marker.";

    private PhaseMarker() {
    }

    public static void mark(DBusConnection conn, String phase) throws DBusException {
        MethodCall mc = conn.getMessageFactory().createMethodCall(null, "org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus", "NameHasOwner", (byte) 0, "s", PREFIX + phase);
        conn.sendMessage(mc);
        Message reply = mc.getReply(10_000);
        if (reply == null) {
            throw new NoReply("no reply to the phase marker " + phase);
        }
    }
}
