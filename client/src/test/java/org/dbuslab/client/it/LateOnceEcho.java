package org.dbuslab.client.it;

import org.dbuslab.api.Echo1;
import org.dbuslab.api.EchoContract;

import java.util.concurrent.atomic.AtomicInteger;

/** An echo service that answers one chosen call late, for tests of lost replies. */
final class LateOnceEcho implements Echo1 {

    private final AtomicInteger calls = new AtomicInteger();
    private final int lateCall;
    private final long delayMillis;

    /** Answers call number {@code lateCall} (counting from 1) after {@code delayMillis}, every other call at once. */
    LateOnceEcho(int lateCall, long delayMillis) {
        this.lateCall = lateCall;
        this.delayMillis = delayMillis;
    }

    @Override
    public byte[] Echo(byte[] payload) {
        if (calls.incrementAndGet() == lateCall) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return payload;
    }

    @Override
    public String getObjectPath() {
        return EchoContract.OBJECT_PATH;
    }
}
