package org.dbuslab.lean;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The writer's messages against what busctl (sd-bus) sent for the same call (captures/busctl-dbus-daemon.out.hex). */
class MessageWriterTest {

    private static final byte[] BUSCTL = Captures.afterSasl(Captures.bytes("busctl-dbus-daemon.out.hex"));
    /** busctl's Hello: 16-byte header + 109 bytes of fields, padded to 128; no body. */
    private static final int HELLO_LENGTH = 128;

    @Test
    void helloIsByteForByteBusctls() {
        byte[] hello = MessageWriter.methodCall(1, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "Hello");
        assertEquals(HELLO_LENGTH, hello.length);
        assertArrayEquals(Arrays.copyOfRange(BUSCTL, 0, HELLO_LENGTH), hello, () -> HexFormat.of().formatHex(hello));
    }

    @Test
    void theProductsCallIsByteForByteBusctlsGetProperty() {
        byte[] get = MessageWriter.methodCall(2, GetProducts.BUS_NAME, GetProducts.OBJECT_PATH, GetProducts.PROPERTIES,
            "Get", GetProducts.INTERFACE, GetProducts.PROPERTY);
        assertArrayEquals(Arrays.copyOfRange(BUSCTL, HELLO_LENGTH, BUSCTL.length), get, () -> HexFormat.of().formatHex(get));
    }

    @Test
    void whatItWritesItsReaderReadsBackWithUtf8LengthsInBytes() throws Failure {
        byte[] call = MessageWriter.methodCall(7, "d.e", "/p", "i.f", "M", "grüße", "");
        MessageReader reader = new MessageReader(16);
        reader.feed(call, 0, call.length);
        Message m = reader.next();
        assertEquals(Message.METHOD_CALL, m.type);
        assertEquals(7, m.serial);
        assertEquals("M", m.member);
        assertEquals("ss", m.signature);
        Cursor body = m.body();
        assertEquals("grüße", body.string());
        assertEquals("", body.string());
        assertEquals(true, body.atEnd());
        // "grüße" is 7 UTF-8 bytes: the body is 4 + 7 + 1, padding to 12, 4 + 0 + 1.
        assertEquals(17, m.bodyLength);
    }
}
