package org.dbuslab.labio.frame;

import org.dbuslab.labio.OutgoingFrame;

import java.nio.ByteBuffer;

/**
 * The reply to a hot call, marshalled without dbus-java: REPLY_SERIAL, the caller as DESTINATION where a bus named it
 * (its SENDER), and for a payload the signature {@code ay}. The header is built once per caller and kind of reply;
 * each reply fills in its serial, the serial it answers and its body length.
 */
public final class MethodReturnTemplate {

    private final byte[] destination;
    private final boolean carriesPayload;
    private final byte[] header;
    private final int replySerialAt;

    /**
     * @param destination    the caller's unique name (the call's SENDER), or null on a peer-to-peer connection
     * @param carriesPayload true for a reply whose body is one byte array, false for an empty reply
     */
    public MethodReturnTemplate(byte[] destination, boolean carriesPayload) {
        this.destination = destination;
        this.carriesPayload = carriesPayload;
        HeaderBytes bytes = new HeaderBytes(WireFrame.METHOD_RETURN, WireFrame.NO_REPLY_EXPECTED);
        replySerialAt = bytes.uint32(WireFrame.FIELD_REPLY_SERIAL);
        if (destination != null) {
            bytes.string(WireFrame.FIELD_DESTINATION, 's', destination);
        }
        if (carriesPayload) {
            bytes.signature(WireFrame.BYTE_ARRAY_SIGNATURE);
        }
        header = bytes.finish();
    }

    /** True when this template is the reply to {@code call} (its SENDER, or none) with or without a payload. */
    public boolean answers(WireFrame call, boolean payload) {
        return carriesPayload == payload && call.senderIs(destination);
    }

    /** The reply with this serial to the call {@code replySerial}; {@code payload} is its body (null: no body). */
    public OutgoingFrame reply(long serial, long replySerial, byte[] payload) {
        if ((payload != null) != carriesPayload) {
            throw new IllegalArgumentException(carriesPayload ? "this reply carries a payload" : "this reply is empty");
        }
        int arrayLength = payload == null ? -1 : payload.length;
        return frame(serial, replySerial, arrayLength, into -> into.put(payload));
    }

    /**
     * The reply to {@code call} whose body is the call's own byte array, copied straight from the buffer the call
     * arrived in to the one the reply leaves from: an echo without the array in between. Write it before the
     * connection reads on (the call's bytes are only there until then).
     */
    public OutgoingFrame echo(long serial, WireFrame call) {
        if (!carriesPayload || call.byteArrayLength() < 0) {
            throw new IllegalArgumentException("an echo carries the call's byte array");
        }
        return frame(serial, call.serial(), call.byteArrayLength(), call::copyByteArrayTo);
    }

    private OutgoingFrame frame(long serial, long replySerial, int arrayLength,
                                java.util.function.Consumer<ByteBuffer> arrayBytes) {
        int bodyLength = arrayLength < 0 ? 0 : 4 + arrayLength;
        return new OutgoingFrame() {
            @Override
            public int length() {
                return header.length + bodyLength;
            }

            @Override
            public void writeTo(ByteBuffer into) {
                int at = HeaderBytes.putHeader(into, header, bodyLength, serial);
                HeaderBytes.putU32(into, at + replySerialAt, replySerial);
                if (arrayLength >= 0) {
                    HeaderBytes.putArrayLength(into, arrayLength);
                    arrayBytes.accept(into);
                }
            }
        };
    }
}
