package org.dbuslab.labio.frame;

import org.dbuslab.labio.EchoCalls;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.MethodCall;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The in-place reader against messages dbus-java marshalled, and against their corruptions. */
class WireFrameTest {

    private static final MessageFactory LITTLE = new MessageFactory((byte) 'l');

    private static byte[] ascii(String s) {
        return WireFrame.name(s);
    }

    private static MethodCall echoCall(String sender, byte[] payload) throws Exception {
        return LITTLE.createMethodCall(sender, "org.dbuslab.Echo", "/org/dbuslab/Echo", "org.dbuslab.Echo1", "Echo",
            (byte) 0, "ay", (Object) payload);
    }

    private static byte[] bytes(org.freedesktop.dbus.messages.Message message) {
        ByteBuffer wire = EchoCalls.wireBytes(message);
        byte[] out = new byte[wire.remaining()];
        wire.get(out);
        return out;
    }

    /** The message at an offset inside a larger direct buffer, as in the connection's receive buffer. */
    private static ByteBuffer inBuffer(byte[] message, int offset) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(offset + message.length + 64);
        buffer.put(offset, message);
        return buffer;
    }

    @Test
    void readsACallDbusJavaMarshalled() throws Exception {
        byte[] payload = new byte[1000];
        new Random(7).nextBytes(payload);
        MethodCall call = echoCall(":1.42", payload);
        byte[] wire = bytes(call);
        WireFrame frame = new WireFrame();
        ByteBuffer buffer = inBuffer(wire, 24);

        assertTrue(frame.read(buffer, 24, wire.length));
        assertEquals(WireFrame.METHOD_CALL, frame.type());
        assertEquals(call.getSerial(), frame.serial());
        assertTrue(frame.pathIs(ascii("/org/dbuslab/Echo")));
        assertTrue(frame.interfaceIs(ascii("org.dbuslab.Echo1")));
        assertTrue(frame.memberIs(ascii("Echo")));
        assertFalse(frame.memberIs(ascii("Ech")));
        assertTrue(frame.signatureIs(ascii("ay")));
        assertArrayEquals(ascii(":1.42"), frame.sender());
        assertTrue(frame.senderIs(ascii(":1.42")));
        assertFalse(frame.senderIs(null));
        assertEquals(-1, frame.replySerial());
        assertArrayEquals(payload, frame.byteArrayBody());
        assertTrue(frame.carriesByteArray());
        assertEquals(0, buffer.position(), "the buffer's position is not moved");
    }

    @Test
    void readsAReplyDbusJavaMarshalled() throws Exception {
        MethodCall call = echoCall(":1.7", new byte[] {1, 2, 3});
        byte[] wire = bytes(LITTLE.createMethodReturn(call, "ay", (Object) new byte[] {9, 8}));
        WireFrame frame = new WireFrame();

        assertTrue(frame.read(ByteBuffer.wrap(wire), 0, wire.length));
        assertEquals(WireFrame.METHOD_RETURN, frame.type());
        assertEquals(call.getSerial(), frame.replySerial());
        assertFalse(frame.hasInterface());
        assertArrayEquals(new byte[] {9, 8}, frame.byteArrayBody());
    }

    @Test
    void anEmptyBodyHasTheEmptySignature() throws Exception {
        MethodCall call = echoCall(null, new byte[0]);
        byte[] wire = bytes(LITTLE.createMethodReturn(call, null));
        WireFrame frame = new WireFrame();

        assertTrue(frame.read(ByteBuffer.wrap(wire), 0, wire.length));
        assertEquals(0, frame.bodyLength());
        assertTrue(frame.signatureIs(new byte[0]));
        assertFalse(frame.signatureIs(ascii("ay")));
        assertNull(frame.byteArrayBody());
        assertFalse(frame.carriesByteArray(), "no signature, no body");
        assertTrue(frame.senderIs(null));
    }

    @Test
    void leavesBigEndianMessagesToDbusJava() throws Exception {
        MethodCall call = new MessageFactory((byte) 'B').createMethodCall(null, "/org/dbuslab/Echo",
            "org.dbuslab.Echo1", "Echo", (byte) 0, "ay", (Object) new byte[] {1});
        byte[] wire = bytes(call);

        assertFalse(new WireFrame().read(ByteBuffer.wrap(wire), 0, wire.length));
    }

    @Test
    void aHeaderFieldOfTheWrongTypeIsNotRead() throws Exception {
        byte[] wire = bytes(echoCall(null, new byte[] {1}));
        assertEquals(1, wire[16], "PATH comes first");
        wire[18] = 's'; // PATH must be an object path

        assertFalse(new WireFrame().read(ByteBuffer.wrap(wire), 0, wire.length));
    }

    @Test
    void anUnknownHeaderFieldIsNotRead() throws Exception {
        byte[] wire = bytes(echoCall(null, new byte[] {1}));
        wire[16] = 9; // UNIX_FDS: the fast paths pass no descriptors

        assertFalse(new WireFrame().read(ByteBuffer.wrap(wire), 0, wire.length));
    }

    @Test
    void aBodyWhoseArrayLengthDisagreesIsNotAByteArray() throws Exception {
        byte[] wire = bytes(echoCall(null, new byte[] {1, 2, 3, 4}));
        ByteBuffer view = ByteBuffer.wrap(wire).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int bodyStart = wire.length - 8; // u32 length 4, then 4 bytes
        view.putInt(bodyStart, 3);
        WireFrame frame = new WireFrame();

        assertTrue(frame.read(view, 0, wire.length));
        assertNull(frame.byteArrayBody());
        assertFalse(frame.carriesByteArray(), "signature ay, but the body is not one byte array");
    }

    @Test
    void aLengthThatIsNotTheMessagesIsNotRead() throws Exception {
        byte[] wire = bytes(echoCall(null, new byte[] {1, 2, 3}));

        assertFalse(new WireFrame().read(ByteBuffer.wrap(wire), 0, wire.length - 1));
    }

    /** Hostile bytes: any corruption of a valid message is either read or declined, never an exception. */
    @Test
    void corruptedMessagesAreDeclinedWithoutAnException() throws Exception {
        byte[] valid = bytes(echoCall(":1.3", new byte[] {5, 6, 7}));
        Random random = new Random(2026);
        WireFrame frame = new WireFrame();
        int declined = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] wire = valid.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                wire[random.nextInt(wire.length)] = (byte) random.nextInt(256);
            }
            int length = random.nextInt(10) == 0 ? random.nextInt(wire.length + 1) : wire.length;
            ByteBuffer buffer = ByteBuffer.wrap(wire, 0, length).slice();
            boolean[] read = new boolean[1];
            assertDoesNotThrow(() -> {
                read[0] = frame.read(buffer, 0, length);
                if (read[0]) {
                    frame.byteArrayBody();
                    frame.sender();
                }
            });
            declined += read[0] ? 0 : 1;
        }
        assertTrue(declined > 1000, "most corruptions are declined: " + declined);
    }
}
