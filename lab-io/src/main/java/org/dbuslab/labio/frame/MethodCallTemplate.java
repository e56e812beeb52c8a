package org.dbuslab.labio.frame;

import org.dbuslab.labio.OutgoingFrame;

import java.nio.ByteBuffer;

/**
 * The lab's hot call, {@code member(ay)} on one object, marshalled without dbus-java: the header is built once, and
 * each call copies it, fills in its serial and body length, and appends the payload as the body's one byte array.
 * dbus-java's message builder spends 1.3-4.8 µs per such call (docs/EXPERIMENTS.md, JMH of dbus-java 5.1.1), as much
 * as a raw socket's whole round trip.
 */
public final class MethodCallTemplate {

    private final byte[] header;

    /** @param destination the bus name to call, or null on a peer-to-peer connection (no bus routes it) */
    public MethodCallTemplate(String destination, String path, String iface, String member) {
        HeaderBytes bytes = new HeaderBytes(WireFrame.METHOD_CALL, 0)
            .string(WireFrame.FIELD_PATH, 'o', WireFrame.name(path))
            .string(WireFrame.FIELD_INTERFACE, 's', WireFrame.name(iface))
            .string(WireFrame.FIELD_MEMBER, 's', WireFrame.name(member));
        if (destination != null) {
            bytes.string(WireFrame.FIELD_DESTINATION, 's', WireFrame.name(destination));
        }
        header = bytes.signature(WireFrame.BYTE_ARRAY_SIGNATURE).finish();
    }

    /** The call with this serial (1 to 2^32 - 1) and {@code payload} as its argument; it keeps the array, not a copy. */
    public OutgoingFrame call(long serial, byte[] payload) {
        return new OutgoingFrame() {
            @Override
            public int length() {
                return header.length + 4 + payload.length;
            }

            @Override
            public void writeTo(ByteBuffer into) {
                HeaderBytes.putHeader(into, header, 4L + payload.length, serial);
                HeaderBytes.putArrayLength(into, payload.length);
                into.put(payload);
            }
        };
    }
}
