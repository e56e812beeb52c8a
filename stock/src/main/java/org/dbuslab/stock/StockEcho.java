package org.dbuslab.stock;

import org.dbuslab.api.EchoContract;
import org.dbuslab.api.Echo1;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The echo object the stock server exports through dbus-java's normal export: dbus-java decodes the call, invokes
 * {@link #Echo} and encodes the returned array itself. With {@code corruptEvery} N > 0 (tests only) every Nth reply
 * has its middle byte flipped, as the C servers' --corrupt-every, so a test can see clients count it as mismatched.
 */
final class StockEcho implements Echo1 {

    private final long corruptEvery;
    private final AtomicLong calls = new AtomicLong();

    StockEcho(long corruptEvery) {
        this.corruptEvery = corruptEvery;
    }

    @Override
    public byte[] Echo(byte[] payload) {
        if (corruptEvery > 0 && calls.incrementAndGet() % corruptEvery == 0 && payload.length > 0) {
            byte[] corrupted = payload.clone();
            corrupted[corrupted.length / 2] ^= 0x55;
            return corrupted;
        }
        return payload;
    }

    @Override
    public String getObjectPath() {
        return EchoContract.OBJECT_PATH;
    }
}
