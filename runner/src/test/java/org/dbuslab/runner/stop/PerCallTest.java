package org.dbuslab.runner.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.dbuslab.format.Pair;
import org.dbuslab.format.Series;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.Mode;
import org.junit.jupiter.api.Test;

class PerCallTest {

    @Test
    void aRunIsElapsedOverCallsNothingSubtracted() {
        Cell java = new Cell(CellKind.JAVA, Series.MATRIX, Pair.JAVA, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 500);
        assertEquals(30.0, PerCall.micros(java, 15_000_000L), 1e-9);
        Cell spam = new Cell(CellKind.SPAM_LIBDBUS, Series.REFERENCE, Pair.LIBDBUS, Transport.DBUS_DAEMON, Mode.SYNC, 1000, 1, 501);
        assertEquals(10_000_000L / 1000.0 / 501, PerCall.micros(spam, 10_000_000L), 1e-9,
            "a spam that timed its own calls: its time over all its calls");
    }
}
