package org.dbuslab.scenarios.monitor;

/**
 * One message as the bus monitor saw it. {@code arg0} is the first body argument when it is a string (enough
 * to recognise phase markers and NameOwnerChanged), else null.
 */
public record ObservedMessage(String type, String sender, String destination, String iface, String member,
                              long serial, long replySerial, String arg0, String arg2) {

    public boolean isCall() {
        return "method_call".equals(type);
    }

    public boolean isReply() {
        return "method_return".equals(type) || "error".equals(type);
    }

    public boolean isSignal() {
        return "signal".equals(type);
    }
}
