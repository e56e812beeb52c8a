package org.dbuslab.labio.frame;

/**
 * Who marshals the lab's hot calls and replies (Echo and Spam, with their {@code ay}): the lab's own frames by
 * default, or dbus-java's message classes with {@code -Ddbuslab.codec=dbus-java} in the client's and the server's
 * JVM, to measure what the lab's frames save.
 */
public final class HotCodec {

    public static final String PROPERTY = "dbuslab.codec";

    private HotCodec() {
    }

    /** True unless the property says {@code dbus-java}. */
    public static boolean labFrames() {
        return !"dbus-java".equals(System.getProperty(PROPERTY));
    }
}
