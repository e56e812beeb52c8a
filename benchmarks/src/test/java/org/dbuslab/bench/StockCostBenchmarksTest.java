package org.dbuslab.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** StockCostBenchmarks' methods once each, not through JMH: the bytes arrive whole, every hand-off comes back. */
class StockCostBenchmarksTest {

    @Test
    void theEchoCallIsSentInSeveralChunksAndArrivesWholeEitherWay() throws Exception {
        StockCostBenchmarks b = new StockCostBenchmarks();
        b.payloadBytes = 1000;
        b.setup();
        try {
            assertTrue(b.callChunks.length > 2, "dbus-java 5.2.2 chunks the Echo call: " + b.callChunks.length);
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            for (byte[] chunk : b.callChunks) {
                joined.write(chunk);
            }
            assertArrayEquals(b.callBytes, joined.toByteArray());
            assertEquals(b.callBytes.length, b.chunkedWrites());
            assertEquals(b.callBytes.length, b.oneWrite());
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                for (int i = 0; i < 1000; i++) {
                    assertTrue(b.handOffRoundTrip());
                    assertTrue(b.handOffChain());
                    assertTrue(b.callerRoundTrip());
                }
            });
        } finally {
            b.tearDown();
        }
    }
}
