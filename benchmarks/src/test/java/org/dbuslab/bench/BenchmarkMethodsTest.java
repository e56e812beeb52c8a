package org.dbuslab.bench;

import org.dbuslab.api.EchoContract;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.MethodReturn;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each benchmark method called once, directly (not through JMH), and its result checked. */
class BenchmarkMethodsTest {

    @Test
    void marshalBenchmarksProduceTheComparisonsSignals() throws Exception {
        MarshalBenchmarks b = new MarshalBenchmarks();
        b.setup();
        WireFormatTest.assertDecodesTo(RustComparisonMessage.mixed(), WireFormat.parse(b.marshalMixed()).getParameters());
        WireFormatTest.assertDecodesTo(RustComparisonMessage.strArray(), WireFormat.parse(b.marshalStrArray()).getParameters());
        WireFormatTest.assertDecodesTo(RustComparisonMessage.bigArray(), WireFormat.parse(b.marshalBigArray()).getParameters());
    }

    @Test
    void unmarshalBenchmarksDecodeTheComparisonsSignals() throws Exception {
        UnmarshalBenchmarks b = new UnmarshalBenchmarks();
        b.setup();
        WireFormatTest.assertDecodesTo(RustComparisonMessage.mixed(), b.unmarshalMixed());
        WireFormatTest.assertDecodesTo(RustComparisonMessage.strArray(), b.unmarshalStrArray());
        WireFormatTest.assertDecodesTo(RustComparisonMessage.bigArray(), b.unmarshalBigArray());
    }

    @ParameterizedTest
    @ValueSource(ints = {1000, 10000})
    void echoBodyEncodesAndDecodesThePayload(int size) throws Exception {
        EchoBodyBenchmarks b = new EchoBodyBenchmarks();
        b.payloadBytes = size;
        b.setup();
        assertEquals(size, b.payload.length);

        Message call = WireFormat.parse(b.encodeCall());
        assertInstanceOf(MethodCall.class, call);
        assertEquals(EchoContract.BUS_NAME, call.getDestination());
        assertEquals(EchoContract.OBJECT_PATH, call.getPath());
        assertEquals(EchoContract.INTERFACE, call.getInterface());
        assertEquals(EchoContract.ECHO_METHOD, call.getName());
        assertEquals("ay", call.getSig());
        assertArrayEquals(b.payload, (byte[]) call.getParameters(EchoBodyBenchmarks.BYTE_ARRAY_BODY)[0]);

        ByteBuffer sent = b.encodeCallLabFrame().flip();
        byte[] labCall = new byte[sent.remaining()];
        sent.get(labCall);
        Message parsed = WireFormat.parse(labCall);
        assertEquals(EchoContract.ECHO_METHOD, parsed.getName());
        assertArrayEquals(b.payload, (byte[]) parsed.getParameters(EchoBodyBenchmarks.BYTE_ARRAY_BODY)[0]);
        assertTrue(b.readReplyLabFrame());
        b.payload[size / 2] ^= 1;
        assertFalse(b.readReplyLabFrame(), "a reply that differs from the payload by one bit");
        b.payload[size / 2] ^= 1;

        assertInstanceOf(MethodReturn.class, WireFormat.parse(b.replyWire));
        assertArrayEquals(b.payload, (byte[]) single(b.decodeReplyTyped()));
        assertArrayEquals(b.payload, (byte[]) single(b.decodeReplyAsProxy()));
        // The default decode: one boxed Byte per payload byte.
        List<Byte> expected = new ArrayList<>();
        for (byte x : b.payload) {
            expected.add(x);
        }
        assertEquals(expected, single(b.decodeReplyUntyped()));
    }

    private static Object single(Object[] body) {
        assertEquals(1, body.length);
        return body[0];
    }
}
