package org.dbuslab.labio.frame;

import org.dbuslab.labio.EchoCalls;
import org.dbuslab.labio.OutgoingFrame;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The lab's marshalled call, parsed by dbus-java: the same call dbus-java would have built. */
class MethodCallTemplateTest {

    static byte[] bytesOf(OutgoingFrame frame, boolean direct) {
        ByteBuffer into = direct ? ByteBuffer.allocateDirect(frame.length() + 3) : ByteBuffer.allocate(frame.length() + 3);
        into.position(3); // not at the buffer's start, as in a send buffer with a queue in it
        frame.writeTo(into);
        assertEquals(3 + frame.length(), into.position(), "writes exactly its length");
        byte[] out = new byte[frame.length()];
        into.get(3, out);
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 1000, 10000})
    void dbusJavaReadsTheCallOnABus(int size) throws Exception {
        byte[] payload = new byte[size];
        new Random(size).nextBytes(payload);
        MethodCallTemplate template = new MethodCallTemplate("org.dbuslab.Echo", "/org/dbuslab/Echo",
            "org.dbuslab.Echo1", "Echo");

        Message message = EchoCalls.parse(bytesOf(template.call(0x8000_0005L, payload), size % 2 == 0));

        MethodCall call = assertInstanceOf(MethodCall.class, message);
        assertEquals(0x8000_0005L, call.getSerial());
        assertEquals("org.dbuslab.Echo", call.getDestination());
        assertEquals("/org/dbuslab/Echo", call.getPath());
        assertEquals("org.dbuslab.Echo1", call.getInterface());
        assertEquals("Echo", call.getName());
        assertEquals("ay", call.getSig());
        assertEquals(0, call.getFlags());
        assertArrayEquals(payload, EchoCalls.payloadOf(call));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 5})
    void aPeerToPeerCallHasNoDestination(int size) throws Exception {
        MethodCallTemplate template = new MethodCallTemplate(null, "/", "com.example", "Spam");

        Message message = EchoCalls.parse(bytesOf(template.call(0xFFFF_FFFFL, new byte[size]), false));

        assertNull(message.getDestination());
        assertEquals("Spam", message.getName());
        assertEquals(0xFFFF_FFFFL, message.getSerial());
        assertArrayEquals(new byte[size], EchoCalls.payloadOf(message));
    }
}
