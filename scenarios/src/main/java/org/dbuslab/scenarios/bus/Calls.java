package org.dbuslab.scenarios.bus;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.errors.NoReply;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;

/**
 * Synchronous method calls through dbus-java's message API (REFERENCE.md §6): exactly one call message and one
 * reply per call, nothing the proxy layer might add, and the reply message itself (its serial orders it against
 * signals from the same sender).
 */
public final class Calls {

    public static final long REPLY_TIMEOUT_MS = 10_000;

    private Calls() {
    }

    /** Calls {@code iface.member(args)} on the installer object and returns the reply, or throws for an error reply. */
    public static Message call(DBusConnection conn, String iface, String member, String signature, Object... args)
            throws DBusException {
        MethodCall mc = conn.getMessageFactory().createMethodCall(null, Installer.BUS_NAME, Installer.OBJECT_PATH,
            iface, member, (byte) 0, signature, args);
        conn.sendMessage(mc);
        Message reply = mc.getReply(REPLY_TIMEOUT_MS);
        if (reply == null) {
            throw new NoReply(iface + "." + member + ": no reply within " + REPLY_TIMEOUT_MS + " ms");
        }
        if (reply instanceof Error error) {
            error.throwException();
        }
        return reply;
    }

    /** Properties.Get(INTERFACE, property) and the raw reply (signature v). */
    public static Message get(DBusConnection conn, String property) throws DBusException {
        return call(conn, Installer.PROPERTIES, "Get", "ss", Installer.INTERFACE, property);
    }
}
