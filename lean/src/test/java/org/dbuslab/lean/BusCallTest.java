package org.dbuslab.lean;

import org.dbuslab.server.installer.ProductCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The connection's flow against scripted sockets: what it writes, and each way a bus can fail it. */
class BusCallTest {

    @TempDir
    Path dir;

    private static final byte[] CALL = MessageWriter.methodCall(BusCall.CALL_SERIAL, GetProducts.BUS_NAME,
        GetProducts.OBJECT_PATH, GetProducts.PROPERTIES, "Get", GetProducts.INTERFACE, GetProducts.PROPERTY);

    @Test
    void oneWriteOfAuthBeginHelloAndTheCallThenTheReplyPastHellosAndTheSignal() throws Exception {
        byte[] auth = SaslExternal.request(4242);
        byte[] hello = MessageWriter.methodCall(1, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "Hello");
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        answer.write("OK 373639db4d5aa87da86806c76b1488eb\r\n".getBytes(StandardCharsets.US_ASCII));
        answer.write(Captures.afterSasl(Captures.bytes("busctl-dbus-daemon.in.hex")));
        int request = auth.length + hello.length + CALL.length;
        try (FakeBus bus = FakeBus.start(dir, request, answer.toByteArray(), false)) {
            Message reply = BusCall.run(bus.path(), 4242, CALL, 10_000);
            assertEquals(ProductsReplyTest.expectedLine(ProductCatalog.of(10)), ProductsReply.outputLine(reply));
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            expected.write(auth);
            expected.write(hello);
            expected.write(CALL);
            assertArrayEquals(expected.toByteArray(), bus.received());
        }
    }

    @Test
    void aSilentBusTimesOut() throws Exception {
        try (FakeBus bus = FakeBus.start(dir, 1, new byte[0], false)) {
            long t0 = System.nanoTime();
            Failure f = assertThrows(Failure.class, () -> BusCall.run(bus.path(), 0, CALL, 300));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("no reply within 300 ms from the bus at " + bus.path(), f.getMessage());
            assertTrue(ms >= 290 && ms < 5_000, ms + " ms");
        }
    }

    @Test
    void aRejectedAuthenticationAndAHangUpAreSaidAsSuch() throws Exception {
        byte[] rejected = "REJECTED DBUS_COOKIE_SHA1\r\n".getBytes(StandardCharsets.US_ASCII);
        try (FakeBus bus = FakeBus.start(dir, 1, rejected, true)) {
            assertEquals("the bus rejected EXTERNAL authentication (it offers: DBUS_COOKIE_SHA1)",
                assertThrows(Failure.class, () -> BusCall.run(bus.path(), 0, CALL, 10_000)).getMessage());
        }
        try (FakeBus bus = FakeBus.start(dir, 1, "OK 12\r\n".getBytes(StandardCharsets.US_ASCII), true)) {
            assertEquals("the bus closed the connection before the reply",
                assertThrows(Failure.class, () -> BusCall.run(bus.path(), 0, CALL, 10_000)).getMessage());
        }
    }

    @Test
    void anErrorReplyToTheCallIsItsNameAndText() throws Exception {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        answer.write("OK 12\r\n".getBytes(StandardCharsets.US_ASCII));
        answer.write(Captures.afterSasl(Captures.bytes("busctl-service-unknown.in.hex")));
        try (FakeBus bus = FakeBus.start(dir, 1, answer.toByteArray(), false)) {
            assertEquals("org.freedesktop.DBus.Error.ServiceUnknown: The name org.opensuse.Nobody was not provided by any "
                + ".service files", assertThrows(Failure.class, () -> BusCall.run(bus.path(), 0, CALL, 10_000)).getMessage());
        }
    }

    @Test
    void noSocketNoConnection() {
        String missing = dir.resolve("nothing.sock").toString();
        assertEquals("cannot connect to " + missing + ": No such file or directory",
            assertThrows(Failure.class, () -> BusCall.run(missing, 0, CALL, 10_000)).getMessage());
    }
}
