package org.dbuslab.bench;

import org.dbuslab.api.EchoContract;
import org.dbuslab.labio.frame.MethodCallTemplate;
import org.dbuslab.labio.frame.WireFrame;
import org.freedesktop.dbus.Marshalling;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.MethodCall;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The {@code ay} echo body as the lab's client handles it (DbusJavaCallPath): encode = build the Echo method
 * call and take its wire bytes; decode = parse the reply's wire bytes and read the payload
 * <ul>
 *   <li>typed: {@code getParameters(List.of(new Type[]{byte[].class}))}, what the harness does;</li>
 *   <li>untyped: {@code getParameters()}, dbus-java's default decode, which yields a {@code List<Byte>}, one boxed
 *       byte per element;</li>
 *   <li>as a proxy: untyped, then {@code Marshalling.deSerializeParameters} to {@code byte[]}, which is what an
 *       interface proxy's {@code byte[] Echo(byte[])} does with the reply (RemoteInvocationHandler.convertRV),
 *       per byte and reflective (REFERENCE §6).</li>
 * </ul>
 * Beside them, the same two steps as the lab's own frames take them (docs/DESIGN.md, the hot messages): encode =
 * the call's header template and payload copied into a direct send buffer; read = the reply read in place in a
 * direct receive buffer and its payload compared with the one sent.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EchoBodyBenchmarks {

    /** Same decode hint as DbusJavaCallPath.BYTE_ARRAY_BODY. */
    static final List<Type[]> BYTE_ARRAY_BODY = List.<Type[]>of(new Type[] {byte[].class});
    /** The return type of a proxy method {@code byte[] Echo(byte[])}. */
    static final Type[] BYTE_ARRAY_RETURN = {byte[].class};
    /** Unique names as a bus would fill them in: the client, and the echo server. */
    static final String CLIENT_NAME = ":1.1";
    static final String SERVER_NAME = ":1.2";

    @Param({"1000", "10000"})
    public int payloadBytes;

    byte[] payload;
    byte[] replyWire;
    final MethodCallTemplate template = new MethodCallTemplate(EchoContract.BUS_NAME, EchoContract.OBJECT_PATH,
        EchoContract.INTERFACE, EchoContract.ECHO_METHOD);
    final WireFrame frame = new WireFrame();
    ByteBuffer sendBuffer;
    ByteBuffer receiveBuffer;

    @Setup
    public void setup() throws DBusException {
        payload = new byte[payloadBytes];
        new Random(payloadBytes).nextBytes(payload);
        // The reply as the client receives it: sender, destination and reply serial set, body = the payload.
        MethodCall call = MarshalBenchmarks.FACTORY.createMethodCall(CLIENT_NAME, EchoContract.BUS_NAME,
            EchoContract.OBJECT_PATH, EchoContract.INTERFACE, EchoContract.ECHO_METHOD, (byte) 0,
            EchoContract.PAYLOAD_SIGNATURE, payload);
        replyWire = WireFormat.bytes(MarshalBenchmarks.FACTORY.createMethodReturn(SERVER_NAME, call,
            EchoContract.PAYLOAD_SIGNATURE, payload));
        sendBuffer = ByteBuffer.allocateDirect(64 * 1024);
        receiveBuffer = ByteBuffer.allocateDirect(64 * 1024);
        receiveBuffer.put(0, replyWire);
    }

    @Benchmark
    public ByteBuffer encodeCallLabFrame() {
        sendBuffer.clear();
        template.call(0x8000_0001L, payload).writeTo(sendBuffer);
        return sendBuffer;
    }

    @Benchmark
    public boolean readReplyLabFrame() {
        return frame.read(receiveBuffer, 0, replyWire.length) && frame.byteArrayBodyEquals(payload);
    }

    @Benchmark
    public byte[] encodeCall() throws DBusException {
        return WireFormat.bytes(MarshalBenchmarks.FACTORY.createMethodCall(EchoContract.BUS_NAME,
            EchoContract.OBJECT_PATH, EchoContract.INTERFACE, EchoContract.ECHO_METHOD, (byte) 0,
            EchoContract.PAYLOAD_SIGNATURE, payload));
    }

    @Benchmark
    public Object[] decodeReplyTyped() throws DBusException {
        return WireFormat.parse(replyWire).getParameters(BYTE_ARRAY_BODY);
    }

    @Benchmark
    public Object[] decodeReplyUntyped() throws DBusException {
        return WireFormat.parse(replyWire).getParameters();
    }

    @Benchmark
    public Object[] decodeReplyAsProxy() throws Exception {
        return Marshalling.deSerializeParameters(WireFormat.parse(replyWire).getParameters(), BYTE_ARRAY_RETURN, null);
    }
}
