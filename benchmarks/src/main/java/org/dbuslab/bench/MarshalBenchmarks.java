package org.dbuslab.bench;

import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.messages.constants.Endian;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * The rustbus comparison's MarshalMixed, MarshalStrArray and MarshalBigArray with dbus-java: build the signal
 * with {@link MessageFactory#createSignal} (dbus-java marshals in the constructor) and take its wire bytes.
 * The returned bytes are consumed by JMH's Blackhole.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MarshalBenchmarks {

    /** Little endian, like rustbus and like dbus-java's own connections on x86. */
    static final MessageFactory FACTORY = new MessageFactory(Endian.LITTLE);

    SignalInput mixed;
    SignalInput strArray;
    SignalInput bigArray;

    @Setup
    public void setup() {
        mixed = new SignalInput(RustComparisonMessage.mixed());
        strArray = new SignalInput(RustComparisonMessage.strArray());
        bigArray = new SignalInput(RustComparisonMessage.bigArray());
    }

    @Benchmark
    public byte[] marshalMixed() throws DBusException {
        return mixed.marshal();
    }

    @Benchmark
    public byte[] marshalStrArray() throws DBusException {
        return strArray.marshal();
    }

    @Benchmark
    public byte[] marshalBigArray() throws DBusException {
        return bigArray.marshal();
    }

    /** One signal's header and prepared body values. */
    static final class SignalInput {
        final RustComparisonMessage message;
        final String signature;
        final Object[] arguments;

        SignalInput(RustComparisonMessage message) {
            this.message = message;
            this.signature = message.signature();
            this.arguments = message.arguments();
        }

        byte[] marshal() throws DBusException {
            return WireFormat.bytes(FACTORY.createSignal(null, message.path(), message.iface(), message.member(),
                signature, arguments));
        }
    }
}
