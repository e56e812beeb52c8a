package org.dbuslab.labio;

import org.freedesktop.dbus.messages.Message;

import java.nio.ByteBuffer;

/** A whole message's bytes, ready to be copied into the connection's send buffer in one piece. */
public interface OutgoingFrame {

    /** dbus-java's marshalled message (its wire-data chunks, ended by null) as one frame. */
    static OutgoingFrame of(Message message) {
        byte[][] chunks = message.getWireData();
        int total = 0;
        for (byte[] chunk : chunks) {
            if (chunk == null) {
                break;
            }
            total += chunk.length;
        }
        int length = total;
        return new OutgoingFrame() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public void writeTo(ByteBuffer into) {
                for (byte[] chunk : chunks) {
                    if (chunk == null) {
                        break;
                    }
                    into.put(chunk);
                }
            }
        };
    }

    /** How many bytes {@link #writeTo} puts. */
    int length();

    /** Puts the message's bytes at {@code into}'s position, advancing it by {@link #length}. */
    void writeTo(ByteBuffer into);

    /** The message's bytes in an array of their own (tests and benchmarks; the writers copy into their buffers). */
    default byte[] toBytes() {
        ByteBuffer out = ByteBuffer.allocate(length());
        writeTo(out);
        return out.array();
    }
}
