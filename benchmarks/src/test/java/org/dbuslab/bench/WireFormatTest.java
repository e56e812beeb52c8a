package org.dbuslab.bench;

import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.types.UInt64;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The comparison's messages survive marshal → wire bytes → parse → decode unchanged. */
class WireFormatTest {

    @Test
    void parametersAreTheComparisonsSizes() {
        RustComparisonMessage mixed = RustComparisonMessage.mixed();
        assertEquals(10, mixed.repeat());
        assertEquals(5, mixed.dict().size());
        assertEquals(15, mixed.intArray().length);
        assertArrayEquals(new String[] {""}, mixed.stringArray());
        assertEquals(new UInt64("18446744073709551615"), mixed.int1());

        RustComparisonMessage big = RustComparisonMessage.bigArray();
        assertEquals(10240, big.intArray().length);
        assertEquals(new UInt64(0), big.intArray()[10239]);

        RustComparisonMessage str = RustComparisonMessage.strArray();
        assertEquals(10240, str.stringArray().length);
        assertEquals("000000000000", str.stringArray()[0]);
        assertEquals("102391023910239102391023910239102391023910239102391023910239", str.stringArray()[10239]);
    }

    @Test
    void everyComparisonSignalRoundTrips() throws Exception {
        for (RustComparisonMessage m : RustComparisonMessage.all()) {
            byte[] wire = new MarshalBenchmarks.SignalInput(m).marshal();
            assertEquals('l', wire[0], m.name());
            Message parsed = WireFormat.parse(wire);
            assertInstanceOf(DBusSignal.class, parsed, m.name());
            assertEquals(m.path(), parsed.getPath());
            assertEquals(m.iface(), parsed.getInterface());
            assertEquals(m.member(), parsed.getName());
            assertEquals(m.signature(), parsed.getSig());
            assertDecodesTo(m, parsed.getParameters());
        }
    }

    /** Checks decoded parameters (dbus-java's untyped shapes) against the message's values. */
    static void assertDecodesTo(RustComparisonMessage m, Object[] params) {
        assertEquals(6 * m.repeat(), params.length, m.name());
        for (int r = 0; r < m.repeat(); r++) {
            int i = 6 * r;
            assertEquals(m.string1(), params[i]);
            assertEquals(m.int1(), params[i + 1]);
            assertArrayEquals(new Object[] {m.int2(), m.string2()}, (Object[]) params[i + 2]);
            assertEquals(m.dict(), params[i + 3]);
            assertEquals(Arrays.asList(m.intArray()), params[i + 4]);
            assertEquals(List.of(m.stringArray()), params[i + 5]);
        }
    }

    @Test
    void truncatedBytesAreRefused() throws Exception {
        byte[] wire = new MarshalBenchmarks.SignalInput(RustComparisonMessage.mixed()).marshal();
        assertThrows(IllegalArgumentException.class, () -> WireFormat.parse(Arrays.copyOf(wire, wire.length - 1)));
        assertThrows(IllegalArgumentException.class, () -> WireFormat.parse(new byte[8]));
    }
}
