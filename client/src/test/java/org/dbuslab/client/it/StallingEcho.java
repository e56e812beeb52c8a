package org.dbuslab.client.it;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An echo service that stalls from a chosen call on: that call (and every later one) waits until {@link #release}
 * or {@code maxStallMillis} has passed. A server that answers on its reader thread then stops reading too, so the
 * client's sends fill the socket's buffer: a stalled server as a SIGSTOP makes it, within one test JVM.
 */
final class StallingEcho implements Echo1 {

    private final AtomicInteger calls = new AtomicInteger();
    private final CountDownLatch released = new CountDownLatch(1);
    private final int firstStalledCall;
    private final long maxStallMillis;

    /** Calls from number {@code firstStalledCall} (counting from 1) wait up to {@code maxStallMillis} each. */
    StallingEcho(int firstStalledCall, long maxStallMillis) {
        this.firstStalledCall = firstStalledCall;
        this.maxStallMillis = maxStallMillis;
    }

    @Override
    public byte[] Echo(byte[] payload) {
        if (calls.incrementAndGet() >= firstStalledCall) {
            try {
                released.await(maxStallMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return payload;
    }

    /** Ends the stall: every waiting and later call is answered at once. */
    void release() {
        released.countDown();
    }

    @Override
    public String getObjectPath() {
        return EchoContract.OBJECT_PATH;
    }
}
