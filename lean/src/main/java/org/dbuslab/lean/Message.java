package org.dbuslab.lean;

/**
 * One received message: its fixed header, the header fields this client looks at, and its body (a {@link Cursor}
 * positioned at the body's first byte, in the message's byte order).
 */
final class Message {

    static final int METHOD_CALL = 1;
    static final int METHOD_RETURN = 2;
    static final int ERROR = 3;
    static final int SIGNAL = 4;

    final byte[] bytes;
    final boolean bigEndian;
    final int type;
    final int serial;
    final int bodyStart;
    final int bodyLength;
    /** 0 when the message has no REPLY_SERIAL field (calls and signals). */
    int replySerial;
    String errorName;
    String member;
    String sender;
    String signature = "";

    Message(byte[] bytes, boolean bigEndian, int type, int serial, int bodyStart, int bodyLength) {
        this.bytes = bytes;
        this.bigEndian = bigEndian;
        this.type = type;
        this.serial = serial;
        this.bodyStart = bodyStart;
        this.bodyLength = bodyLength;
    }

    Cursor body() {
        return new Cursor(bytes, bodyStart, bodyStart + bodyLength, bigEndian);
    }

    /** "org.freedesktop.DBus.Error.ServiceUnknown: The name ... was not provided", from an ERROR's name and text. */
    String errorText() {
        StringBuilder text = new StringBuilder(errorName == null ? "(error without a name)" : errorName);
        if (signature.startsWith("s")) {
            try {
                text.append(": ").append(body().string());
            } catch (Failure e) {
                text.append(" (unreadable message)");
            }
        }
        return text.toString();
    }
}
