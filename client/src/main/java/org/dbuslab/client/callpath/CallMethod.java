package org.dbuslab.client.callpath;

import org.dbuslab.api.EchoContract;
import org.dbuslab.api.SpamContract;

/** Which method a run calls, and what a correct reply to it is. */
public enum CallMethod {
    /** The lab's {@code org.dbuslab.Echo1.Echo(ay) -> ay}: the reply must be exactly the bytes sent. */
    ECHO(EchoContract.OBJECT_PATH, EchoContract.INTERFACE, EchoContract.ECHO_METHOD, true),
    /** libdbus's {@code com.example.Spam(ay)} on {@code /}: the reply must be empty (dbus-test-tool echo's). */
    SPAM(SpamContract.OBJECT_PATH, SpamContract.INTERFACE, SpamContract.METHOD, false);

    private final String objectPath;
    private final String iface;
    private final String member;
    private final boolean echoesPayload;

    CallMethod(String objectPath, String iface, String member, boolean echoesPayload) {
        this.objectPath = objectPath;
        this.iface = iface;
        this.member = member;
        this.echoesPayload = echoesPayload;
    }

    public String objectPath() {
        return objectPath;
    }

    public String iface() {
        return iface;
    }

    public String member() {
        return member;
    }

    /** True when the reply carries the payload back; false when it must be empty. */
    public boolean echoesPayload() {
        return echoesPayload;
    }

    /** Lower-case name as used on the command line and in runs.csv. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
