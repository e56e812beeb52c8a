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

    private static final byte[] BYTE_ARRAY_SIGNATURE = HeaderBytes.ascii("ay");

    private final byte[] header;

    /** @param destination the bus name to call, or null on a peer-to-peer connection (no bus routes it) */
    public MethodCallTemplate(String destination, String path, String iface, String member) {
        HeaderBytes bytes = new HeaderBytes(WireFrame.METHOD_CALL, 0)
            .string(WireFrame.FIELD_PATH, 'o', HeaderBytes.ascii(path))
            .string(WireFrame.FIELD_INTERFACE, 's', HeaderBytes.ascii(iface))
            .string(WireFrame.FIELD_MEMBER, 's', HeaderBytes.ascii(member));
        if (destination != null) {
            bytes.string(WireFrame.FIELD_DESTINATION, 's', HeaderBytes.ascii(destination));
        }
        header = bytes.signature(BYTE_ARRAY_SIGNATURE).finish();
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
                int at = into.position();
                into.put(header);
                HeaderBytes.putU32(into, at + HeaderBytes.BODY_LENGTH_AT, 4L + payload.length);
                HeaderBytes.putU32(into, at + HeaderBytes.SERIAL_AT, serial);
                HeaderBytes.putU32(into, into.position(), payload.length);
                into.position(into.position() + 4);
                into.put(payload);
            }
        };
    }
}
