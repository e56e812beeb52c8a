package org.dbuslab.bench;

import org.dbuslab.api.EchoContract;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Two of the costs the profiling pass finds in dbus-java as shipped against the lab's path (issue 25, "Why it costs";
 * the third, the proxy's boxed {@code ay}, is {@link EchoBodyBenchmarks#decodeReplyAsProxy} against
 * {@link EchoBodyBenchmarks#decodeReplyTyped}), each against what the lab's path does instead:
 * <ul>
 * <li><b>thread hand-offs</b>: a synchronous stock call passes through five threads besides the caller's (the client's
 * sender executor, the server's method-call pool and sender executor, the client's method-return pool, then the
 * caller's {@code Object.wait} in {@code MethodCall.getReply}); the lab's client writes and reads on the calling thread
 * and its server answers in its reader. {@link #handOffChain} passes one call along five threads the way dbus-java's
 * executors and {@code MethodCall} do, {@link #handOffRoundTrip} along one and back (two hand-offs), and
 * {@link #callerRoundTrip} does the same bookkeeping on the calling thread.</li>
 * <li><b>one write() per chunk</b>: dbus-java's {@code AbstractOutputStreamMessageWriter} writes each of a message's
 * wire chunks with its own {@code SocketChannel.write}; the lab's {@code CoalescingMessageWriter} writes a message
 * at once. {@link #chunkedWrites} and {@link #oneWrite} send the Echo call's bytes (as dbus-java 5.2.2 chunks them) over
 * a unix socket and read them back on the same thread; the bus waking for each chunk is not in it (a lower bound).</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StockCostBenchmarks {

    /** The threads a synchronous stock call passes through besides the caller's (see the class comment). */
    public static final int STOCK_SYNC_HAND_OFFS = 5;

    @Param({"1000"})
    public int payloadBytes;

    byte[][] callChunks;
    byte[] callBytes;
    private Path dir;
    private ServerSocketChannel listener;
    private SocketChannel writer;
    private SocketChannel reader;
    private ByteBuffer readBuffer;
    private final List<ExecutorService> executors = new ArrayList<>();
    private final Object lock = new Object();
    private boolean replied;

    @Setup(Level.Trial)
    public void setup() throws DBusException, IOException {
        byte[] payload = new byte[payloadBytes];
        new Random(payloadBytes).nextBytes(payload);
        Message call = MarshalBenchmarks.FACTORY.createMethodCall(EchoContract.BUS_NAME, EchoContract.OBJECT_PATH,
            EchoContract.INTERFACE, EchoContract.ECHO_METHOD, (byte) 0, EchoContract.PAYLOAD_SIGNATURE, payload);
        callChunks = chunks(call);
        callBytes = WireFormat.bytes(call);
        dir = Files.createTempDirectory("stock-cost");
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("s.sock"));
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX).bind(address);
        writer = SocketChannel.open(address);
        reader = listener.accept();
        readBuffer = ByteBuffer.allocate(callBytes.length);
        for (int i = 0; i < STOCK_SYNC_HAND_OFFS - 1; i++) {
            executors.add(Executors.newSingleThreadExecutor());
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        executors.forEach(ExecutorService::shutdownNow);
        executors.clear();
        writer.close();
        reader.close();
        listener.close();
        Files.deleteIfExists(dir.resolve("s.sock"));
        Files.deleteIfExists(dir);
    }

    /** A message's wire chunks as dbus-java's writer sends them: up to the first null. */
    static byte[][] chunks(Message message) {
        List<byte[]> out = new ArrayList<>();
        for (byte[] chunk : message.getWireData()) {
            if (chunk == null) {
                break;
            }
            out.add(chunk);
        }
        return out.toArray(byte[][]::new);
    }

    @Benchmark
    public int chunkedWrites() throws IOException {
        for (byte[] chunk : callChunks) {
            writer.write(ByteBuffer.wrap(chunk));
        }
        return drain();
    }

    @Benchmark
    public int oneWrite() throws IOException {
        writer.write(ByteBuffer.wrap(callBytes));
        return drain();
    }

    private int drain() throws IOException {
        readBuffer.clear();
        while (readBuffer.hasRemaining()) {
            reader.read(readBuffer);
        }
        return readBuffer.position();
    }

    /** The caller's side of a hand-off: wait until the reply is set, as MethodCall.getReply waits. */
    private void awaitReply() throws InterruptedException {
        synchronized (lock) {
            while (!replied) {
                lock.wait();
            }
            replied = false;
        }
    }

    /** The last thread's side: set the reply and wake the caller, as MethodCall.setReply does. */
    private void reply() {
        synchronized (lock) {
            replied = true;
            lock.notifyAll();
        }
    }

    /** Caller, one executor thread, back to the caller: two hand-offs. */
    @Benchmark
    public boolean handOffRoundTrip() throws InterruptedException {
        executors.get(0).execute(this::reply);
        awaitReply();
        return true;
    }

    /** Caller, four executor threads in turn, back to the caller: five hand-offs, as a synchronous stock call makes. */
    @Benchmark
    public boolean handOffChain() throws InterruptedException {
        executors.get(0).execute(() -> executors.get(1).execute(() -> executors.get(2).execute(() -> executors.get(3)
            .execute(this::reply))));
        awaitReply();
        return true;
    }

    /** The same bookkeeping without another thread: what the lab's path does instead. */
    @Benchmark
    public boolean callerRoundTrip() throws InterruptedException {
        reply();
        awaitReply();
        return true;
    }
}
