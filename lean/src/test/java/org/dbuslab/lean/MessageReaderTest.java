package org.dbuslab.lean;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reader on what dbus-daemon, dbus-broker, the installer mock (dbus-java) and GLib put on the wire. */
class MessageReaderTest {

    @Test
    void whatDbusDaemonSentBusctlSaslLinesThenHelloReplyNameAcquiredAndTheGetReply() throws Failure {
        byte[] stream = Captures.bytes("busctl-dbus-daemon.in.hex");
        MessageReader reader = new MessageReader(32);
        reader.feed(stream, 0, stream.length);
        assertEquals("DATA", reader.line());
        assertEquals("373639db4d5aa87da86806c76b1488eb", SaslExternal.accepted(reader.line()));
        assertEquals("AGREE_UNIX_FD", reader.line());
        List<Message> messages = drain(reader);
        assertEquals(3, messages.size());
        assertHelloReply(messages.get(0), ":1.3");
        assertNameAcquired(messages.get(1));
        assertGetReply(messages.get(2), ":1.3");
        assertEquals(6, messages.get(2).serial, "the mock's serial");
    }

    @Test
    void whatDbusBrokerSentTheSameCallInItsOwnFieldOrder() throws Failure {
        List<Message> messages = drain(Captures.readerAfterSasl(Captures.bytes("busctl-dbus-broker.in.hex")));
        assertEquals(3, messages.size());
        assertHelloReply(messages.get(0), ":1.2");
        assertEquals(-1, messages.get(0).serial, "dbus-broker's own messages have serial 0xffffffff");
        assertNameAcquired(messages.get(1));
        assertGetReply(messages.get(2), ":1.2");
    }

    @Test
    void aStreamArrivingOneByteAtATimeGivesTheSameMessages() throws Failure {
        byte[] messages = Captures.afterSasl(Captures.bytes("busctl-dbus-daemon.in.hex"));
        MessageReader reader = new MessageReader(8);
        List<Message> got = new ArrayList<>();
        for (int i = 0; i < messages.length; i++) {
            reader.feed(messages, i, 1);
            Message m = reader.next();
            if (m != null) {
                got.add(m);
                assertEquals(i + 1 == messages.length, got.size() == 3, "a message completes only with its last byte");
            }
        }
        assertEquals(3, got.size());
        assertGetReply(got.get(2), ":1.3");
    }

    @Test
    void errorsCarryTheirNameAndText() throws Failure {
        Message fromMock = last(Captures.readerAfterSasl(Captures.bytes("busctl-unknown-property.in.hex")));
        assertEquals(Message.ERROR, fromMock.type);
        assertEquals(2, fromMock.replySerial);
        assertEquals("org.freedesktop.dbus.errors.UnknownProperty: no property 'NoSuchProperty' on "
            + "org.opensuse.DInstaller.Software1", fromMock.errorText());
        Message fromBus = last(Captures.readerAfterSasl(Captures.bytes("busctl-service-unknown.in.hex")));
        assertEquals(Message.ERROR, fromBus.type);
        assertEquals("org.freedesktop.DBus", fromBus.sender);
        assertEquals("org.freedesktop.DBus.Error.ServiceUnknown: The name org.opensuse.Nobody was not provided by any "
            + ".service files", fromBus.errorText());
    }

    @Test
    void bigEndianMessagesFromGlib() throws Failure {
        Message reply = Captures.single("glib-big-endian-get-reply.hex");
        assertTrue(reply.bigEndian);
        assertEquals(Message.METHOD_RETURN, reply.type);
        assertEquals(9, reply.serial);
        assertEquals(2, reply.replySerial);
        assertEquals(":1.1", reply.sender);
        assertEquals("v", reply.signature);
        Message error = Captures.single("glib-big-endian-error.hex");
        assertEquals(Message.ERROR, error.type);
        assertEquals(2, error.replySerial);
        assertEquals("org.freedesktop.DBus.Error.AccessDenied: not for you", error.errorText());
    }

    @Test
    void malformedHeadersAreFailures() {
        byte[] good = Captures.bytes("glib-big-endian-get-reply.hex");
        assertEquals("malformed D-Bus message: endianness byte 0x58", parseFailure(with(good, 0, 'X')));
        assertEquals("malformed D-Bus message: protocol version 2", parseFailure(with(good, 3, 2)));
        // The first header field's string (the sender, 4 bytes) said to be 64 bytes: it runs past the field array.
        assertEquals("malformed D-Bus message: truncated at byte 24", parseFailure(with(good, 0x17, 0x40)));
        // Body length 0x7fffffff after 64 bytes of header: above the specification's 128 MiB.
        byte[] huge = with(with(with(with(good, 4, 0x7f), 5, 0xff), 6, 0xff), 7, 0xff);
        assertEquals("malformed D-Bus message: length 2147483711 above the maximum 134217728", parseFailure(huge));
    }

    @Test
    void anIncompleteLineWaitsAndAnEndlessOneIsRefused() throws Failure {
        MessageReader reader = new MessageReader(4);
        reader.feed("OK 12".getBytes(), 0, 5);
        assertNull(reader.line());
        reader.feed("34\r".getBytes(), 0, 3);
        assertNull(reader.line());
        reader.feed("\n".getBytes(), 0, 1);
        assertEquals("OK 1234", reader.line());
        byte[] noise = new byte[20_000];
        Arrays.fill(noise, (byte) 'x');
        reader.feed(noise, 0, noise.length);
        assertThrows(Failure.class, reader::line);
    }

    private static void assertHelloReply(Message m, String uniqueName) throws Failure {
        assertEquals(Message.METHOD_RETURN, m.type);
        assertEquals(BusCall.HELLO_SERIAL, m.replySerial);
        assertEquals("org.freedesktop.DBus", m.sender);
        assertEquals("s", m.signature);
        assertEquals(uniqueName, m.body().string());
    }

    private static void assertNameAcquired(Message m) {
        assertEquals(Message.SIGNAL, m.type);
        assertEquals("NameAcquired", m.member);
        assertEquals(0, m.replySerial);
    }

    private static void assertGetReply(Message m, String destination) {
        assertEquals(Message.METHOD_RETURN, m.type);
        assertEquals(BusCall.CALL_SERIAL, m.replySerial);
        assertEquals(":1.1", m.sender, "the mock's unique name");
        assertEquals("v", m.signature);
        assertEquals(0x220, m.bodyLength);
    }

    private static List<Message> drain(MessageReader reader) throws Failure {
        List<Message> out = new ArrayList<>();
        for (Message m = reader.next(); m != null; m = reader.next()) {
            out.add(m);
        }
        return out;
    }

    private static Message last(MessageReader reader) throws Failure {
        List<Message> all = drain(reader);
        return all.get(all.size() - 1);
    }

    private static byte[] with(byte[] bytes, int at, int value) {
        byte[] copy = bytes.clone();
        copy[at] = (byte) value;
        return copy;
    }

    private static String parseFailure(byte[] bytes) {
        MessageReader reader = new MessageReader(16);
        reader.feed(bytes, 0, bytes.length);
        return assertThrows(Failure.class, reader::next).getMessage();
    }
}
