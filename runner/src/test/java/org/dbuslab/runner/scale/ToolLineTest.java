package org.dbuslab.runner.scale;

import org.dbuslab.format.ScaleRunsCsv;
import org.dbuslab.runner.exec.CpuMeter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolLineTest {

    private static final CpuMeter.Cpu CPU = new CpuMeter.Cpu(OptionalLong.of(300), OptionalLong.of(200), OptionalLong.empty());
    private static final Instant ARRIVED = Instant.parse("2026-12-01T17:00:01Z");

    @Test
    void aClientsLineBecomesItsRow() {
        String line = "series=clients transport=dbus-broker mode=async clients=16 payload_bytes=1000 window=32"
            + " phase=measure run=2 elapsed_ns=1000000000 calls=48000 lost=0 mismatched=0 errors=0 calls_per_s=48000.0"
            + " p50_ns=250000 p99_ns=900000 jain=0.9876 per_client_calls=3000,3000 problem=-";
        ScaleRunsCsv.Row row = ToolLine.parse(line).row(3, ARRIVED, CPU);
        assertEquals("clients", row.series());
        assertEquals(3, row.block());
        assertEquals(2, row.run());
        assertEquals("2026-12-01T17:00:00Z", row.startedUtc(), "started = arrived - elapsed");
        assertEquals(16, row.clients());
        assertEquals(48_000, row.count());
        assertEquals(0.9876, row.jain(), 1e-9);
        assertEquals(300, row.cpuClientNanos());
        assertEquals(200, row.cpuBusNanos());
        assertEquals(ScaleRunsCsv.UNKNOWN, row.cpuServerNanos(), "a vanished process is unknown, not 0");
        assertTrue(row.measured() && row.clean());
    }

    @Test
    void aSignalsLineCountsDeliveriesAndStraysAsErrors() {
        String line = "series=signals transport=dbus-daemon subscribers=16 match_rules=1024 idle_connections=16 pad_bytes=64"
            + " window=64 phase=measure run=1 signals=1000 emitted=1000 delivered=15990 elapsed_ns=500000000"
            + " delivered_per_s=31980.0 p50_ns=40000 p99_ns=90000 lost=10 duplicated=1 out_of_order=2 mismatched=0"
            + " stray=3 problem=subscriber%203%20got%20990";
        ScaleRunsCsv.Row row = ToolLine.parse(line).row(1, ARRIVED, CPU);
        assertEquals(16, row.subscribers());
        assertEquals(1024, row.matchRules());
        assertEquals(16, row.idleConnections());
        assertEquals(64, row.payloadBytes());
        assertEquals(15_990, row.count());
        assertEquals(10, row.lost());
        assertEquals(3, row.errors());
        assertEquals("subscriber 3 got 990", row.problem());
        assertFalse(row.clean());
    }

    @Test
    void aLineThatIsNotOneSaysWhy() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ToolLine.parse("hello world"))
            .getMessage().contains("key=value"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> ToolLine.parse("series=clients phase=measure").row(1, ARRIVED, CPU)).getMessage().contains("elapsed_ns"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> ToolLine.parse("series=matrix elapsed_ns=1").row(1, ARRIVED, CPU)).getMessage().contains("matrix"));
        assertEquals("a%", ToolLine.decode("a%"), "a lone % stays");
    }
}
