package org.dbuslab.bench;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Marshal + Send: the mixed signal sent to a private dbus-daemon this benchmark starts itself.
 *
 * <p>dbus-java's {@code sendMessage} only queues the message for its sender thread, so timing it alone would
 * measure a queue insertion. Every measured operation therefore ends at a barrier: an
 * {@code org.freedesktop.DBus.GetId} call whose reply has arrived. The sender thread writes in order and the bus
 * handles one connection's messages in order, so the reply proves the signal was written and read by the bus.
 * <ul>
 *   <li>{@code marshalAndSend}: build + send one signal + barrier. Upper bound: includes one bus round trip.</li>
 *   <li>{@code marshalAndSendPipelined}: 100 signals, then one barrier; score is per signal. Lower bound:
 *       the round trip is amortised, signals overlap with the bus reading them.</li>
 *   <li>{@code connectMarshalAndSend}: what the rustbus comparison's "Marshal + Send" times: connect (SASL and
 *       Hello), build, send, close; plus the barrier before closing. Without it dbus-java often loses the
 *       signal: with {@code disconnect()} right after {@code sendMessage} only 9 of 20 reached the bus in a trial
 *       (disconnect stops the sender thread with shutdownNow). MarshalAndSendSmokeIT checks delivery.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MarshalAndSendBenchmarks {

    static final int PIPELINE = 100;
    private static final long BARRIER_TIMEOUT_MS = 10_000;

    PrivateDbusDaemon bus;
    DBusConnection connection;
    MarshalBenchmarks.SignalInput mixed;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        mixed = new MarshalBenchmarks.SignalInput(RustComparisonMessage.mixed());
        bus = PrivateDbusDaemon.start();
        try {
            connection = connect(bus.address());
        } catch (DBusException | RuntimeException e) {
            bus.close();
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (connection != null) {
            connection.disconnect();
            connection = null;
        }
        if (bus != null) {
            bus.close();
            bus = null;
        }
    }

    @Benchmark
    public Message marshalAndSend() throws DBusException {
        connection.sendMessage(signal());
        return barrier(connection);
    }

    @Benchmark
    @OperationsPerInvocation(PIPELINE)
    public Message marshalAndSendPipelined() throws DBusException {
        for (int i = 0; i < PIPELINE; i++) {
            connection.sendMessage(signal());
        }
        return barrier(connection);
    }

    @Benchmark
    public String connectMarshalAndSend() throws DBusException, IOException {
        try (DBusConnection fresh = connect(bus.address())) {
            fresh.sendMessage(signal());
            barrier(fresh);
            return fresh.getUniqueName();
        }
    }

    DBusSignal signal() throws DBusException {
        return MarshalBenchmarks.FACTORY.createSignal(null, mixed.message.path(), mixed.message.iface(),
            mixed.message.member(), mixed.signature, mixed.arguments);
    }

    /** Private, not shared: dbus-java would otherwise hand back one cached connection per address. */
    static DBusConnection connect(String address) throws DBusException {
        return DBusConnectionBuilder.forAddress(address).withShared(false).build();
    }

    /** One GetId round trip to the bus; fails loudly instead of timing a timeout. */
    static Message barrier(DBusConnection connection) throws DBusException {
        MethodCall call = connection.getMessageFactory().createMethodCall("org.freedesktop.DBus",
            "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", (byte) 0, null);
        connection.sendMessage(call);
        Message reply = call.getReply(BARRIER_TIMEOUT_MS);
        if (reply == null || reply instanceof Error) {
            throw new IllegalStateException("bus barrier failed: " + (reply == null ? "no reply" : reply.getName()));
        }
        return reply;
    }
}
