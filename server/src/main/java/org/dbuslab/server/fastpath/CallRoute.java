package org.dbuslab.server.fastpath;

import org.dbuslab.api.EchoContract;
import org.dbuslab.api.SpamContract;
import org.dbuslab.labio.MalformedMessageException;
import org.freedesktop.dbus.messages.MethodCall;

import java.util.Set;

/**
 * Where a method call to the server goes, by the rules dbus-daemon follows for its own object: Echo only on
 * {@link EchoContract#INTERFACE} (or with no interface, which D-Bus allows) and with signature {@code ay}; an
 * interface the object does not have is {@code UnknownInterface}, a member its interface does not have
 * {@code UnknownMethod}, wrong arguments {@code InvalidArgs}, a path with no object {@code UnknownObject}.
 * The standard interfaces stay with dbus-java, which implements them.
 */
record CallRoute(Kind kind, String errorName, String errorMessage) {

    enum Kind { ECHO, SPAM, ERROR, DBUS_JAVA }

    private static final String ERROR_PREFIX = "org.freedesktop.DBus.Error.";
    private static final Set<String> STANDARD_INTERFACES = Set.of("org.freedesktop.DBus.Introspectable",
        "org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Properties");
    /** Members of the standard interfaces, for calls that name no interface. */
    private static final Set<String> STANDARD_MEMBERS = Set.of("Introspect", "Ping", "GetMachineId", "Get", "Set",
        "GetAll");

    static CallRoute of(MethodCall call) {
        String iface = call.getInterface();
        String member = call.getName();
        if (member == null || call.getPath() == null) {
            throw new MalformedMessageException("a method call without the path and member D-Bus requires", null);
        }
        if (iface != null ? STANDARD_INTERFACES.contains(iface) : STANDARD_MEMBERS.contains(member)) {
            return new CallRoute(Kind.DBUS_JAVA, null, null);
        }
        String path = call.getPath();
        if (EchoContract.OBJECT_PATH.equals(path)) {
            return echoObject(iface, member, call.getSig());
        }
        if (SpamContract.OBJECT_PATH.equals(path)) {
            return spamObject(iface, member);
        }
        return error("UnknownObject", "No such object path '" + path + "'");
    }

    private static CallRoute echoObject(String iface, String member, String sig) {
        if (iface != null && !EchoContract.INTERFACE.equals(iface)) {
            return unknownInterface(iface, EchoContract.OBJECT_PATH);
        }
        if (!EchoContract.ECHO_METHOD.equals(member)) {
            return error("UnknownMethod", "No method '" + member + "' on interface " + EchoContract.INTERFACE);
        }
        String given = sig == null ? "" : sig;
        if (!EchoContract.PAYLOAD_SIGNATURE.equals(given)) {
            return error("InvalidArgs", "Call to " + member + " has wrong args (" + given + ", expected "
                + EchoContract.PAYLOAD_SIGNATURE + ")");
        }
        return new CallRoute(Kind.ECHO, null, null);
    }

    /** libdbus's spam call: any payload ({@code ay} or {@code s}) gets an empty reply, as dbus-test-tool echo gives. */
    private static CallRoute spamObject(String iface, String member) {
        if (iface != null && !SpamContract.INTERFACE.equals(iface)) {
            return unknownInterface(iface, SpamContract.OBJECT_PATH);
        }
        if (!SpamContract.METHOD.equals(member)) {
            return error("UnknownMethod", "No method '" + member + "' on interface " + SpamContract.INTERFACE);
        }
        return new CallRoute(Kind.SPAM, null, null);
    }

    private static CallRoute unknownInterface(String iface, String path) {
        return error("UnknownInterface", "No interface '" + iface + "' on object " + path);
    }

    private static CallRoute error(String name, String message) {
        return new CallRoute(Kind.ERROR, ERROR_PREFIX + name, message);
    }
}
