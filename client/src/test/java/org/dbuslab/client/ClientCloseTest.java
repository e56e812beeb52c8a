package org.dbuslab.client;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A connection's close that never returns must not keep the client from exiting (ClientMain#CLOSE_BOUND). */
class ClientCloseTest {

    @Test
    void aCloseThatReturnsIsWaitedFor() throws Exception {
        boolean[] closed = {false};
        assertTrue(ClientMain.closedWithin(() -> closed[0] = true, Duration.ofSeconds(5)));
        assertTrue(closed[0]);
    }

    @Test
    void aCloseThatBlocksIsLeftBehind() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try {
            assertFalse(ClientMain.closedWithin(() -> {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, Duration.ofMillis(50)));
        } finally {
            never.countDown();
        }
    }
}
