package org.dbuslab.api;

/**
 * The call libdbus's {@code dbus-test-tool spam} makes: {@code com.example.Spam} on object {@code /}, with the
 * payload as {@code ay} ({@code --bytes}) or {@code s} ({@code --string}); {@code dbus-test-tool echo} answers any
 * call with an empty reply. The lab's Java server and client speak it too, so libdbus and dbus-java can be
 * paired both ways and the overhead split into a client part and a server part.
 */
public final class SpamContract {
    /** Object path spam calls. */
    public static final String OBJECT_PATH = "/";
    /** Interface spam calls (the whole of "com.example.Spam" before the member). */
    public static final String INTERFACE = "com.example";
    /** Member spam calls. */
    public static final String METHOD = "Spam";

    private SpamContract() {
    }
}
