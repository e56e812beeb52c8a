package org.dbuslab.bench;

import org.freedesktop.dbus.exceptions.DBusException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Counterparts of {@link MarshalBenchmarks}: wire bytes (marshalled once, in setup) back into a message, then
 * its body decoded with {@code getParameters()}, dbus-java's untyped decode (what a generic signal handler
 * gets). Parsing is inside the measurement because a received message always goes through it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class UnmarshalBenchmarks {

    byte[] mixed;
    byte[] strArray;
    byte[] bigArray;

    @Setup
    public void setup() throws DBusException {
        mixed = new MarshalBenchmarks.SignalInput(RustComparisonMessage.mixed()).marshal();
        strArray = new MarshalBenchmarks.SignalInput(RustComparisonMessage.strArray()).marshal();
        bigArray = new MarshalBenchmarks.SignalInput(RustComparisonMessage.bigArray()).marshal();
    }

    @Benchmark
    public Object[] unmarshalMixed() throws DBusException {
        return WireFormat.parse(mixed).getParameters();
    }

    @Benchmark
    public Object[] unmarshalStrArray() throws DBusException {
        return WireFormat.parse(strArray).getParameters();
    }

    @Benchmark
    public Object[] unmarshalBigArray() throws DBusException {
        return WireFormat.parse(bigArray).getParameters();
    }
}
