package org.dbuslab.labio.frame;

import org.dbuslab.labio.EchoCalls;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.MethodReturn;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab's marshalled reply, parsed by dbus-java, and which calls a template answers. */
class MethodReturnTemplateTest {

    private static final byte[] CALLER = ":1.42".getBytes(StandardCharsets.US_ASCII);

    @Test
    void dbusJavaReadsAnEchoReply() throws Exception {
        byte[] payload = {1, 2, 3, 4, 5, 6, 7};
        MethodReturnTemplate template = new MethodReturnTemplate(CALLER, true);

        Message message = EchoCalls.parse(MethodCallTemplateTest.bytesOf(template.reply(0x8000_0001L, 77, payload), true));

        MethodReturn reply = assertInstanceOf(MethodReturn.class, message);
        assertEquals(77, reply.getReplySerial());
        assertEquals(0x8000_0001L, reply.getSerial());
        assertEquals(":1.42", reply.getDestination());
        assertEquals("ay", reply.getSig());
        assertArrayEquals(payload, EchoCalls.payloadOf(reply));
    }

    @Test
    void dbusJavaReadsAnEmptyPeerToPeerReply() throws Exception {
        MethodReturnTemplate template = new MethodReturnTemplate(null, false);

        Message message = EchoCalls.parse(MethodCallTemplateTest.bytesOf(template.reply(0x8000_0002L, 9, null), false));

        assertEquals(9, message.getReplySerial());
        assertNull(message.getDestination());
        assertEquals(0, message.getParameters().length);
        assertThrows(IllegalArgumentException.class, () -> template.reply(1, 2, new byte[1]));
    }

    @Test
    void aTemplateAnswersItsOwnCallerAndKindOfReplyOnly() throws Exception {
        MethodCall call = EchoCalls.call(new byte[] {1});
        byte[] wire = new byte[EchoCalls.wireBytes(call).remaining()];
        EchoCalls.wireBytes(call).get(wire);
        WireFrame frame = new WireFrame();
        assertTrue(frame.read(ByteBuffer.wrap(wire), 0, wire.length)); // dbus-java puts no SENDER: a peer's call

        assertTrue(new MethodReturnTemplate(null, true).answers(frame, true));
        assertFalse(new MethodReturnTemplate(null, false).answers(frame, true));
        assertFalse(new MethodReturnTemplate(CALLER, true).answers(frame, true));
    }
}
