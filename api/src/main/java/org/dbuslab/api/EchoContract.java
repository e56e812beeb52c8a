package org.dbuslab.api;

/**
 * The lab's D-Bus contract: names every standard client (busctl, gdbus, dbus-send, dbus-python) can call.
 * Kept in one place so the server, the clients, the tests and the docs cannot drift apart.
 */
public final class EchoContract {
    /** Well-known bus name the echo server claims on a bus. */
    public static final String BUS_NAME = "org.dbuslab.Echo";
    /** Object path of the echo object. */
    public static final String OBJECT_PATH = "/org/dbuslab/Echo";
    /** Interface of the echo object. */
    public static final String INTERFACE = "org.dbuslab.Echo1";
    /** {@code Echo(ay payload) -> ay}: returns exactly the bytes received. */
    public static final String ECHO_METHOD = "Echo";
    /** D-Bus signature of the echo payload and reply. */
    public static final String PAYLOAD_SIGNATURE = "ay";

    /**
     * The D-Bus specification caps a message at 128 MiB and an array at 64 MiB; the payload is one array.
     */
    public static final int MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

    private EchoContract() {
    }
}
