package org.dbuslab.labio.frame;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Serials for the messages the lab marshals itself, on a connection whose other messages dbus-java numbers: from
 * 2^31 up, wrapping before 2^32, where dbus-java's counter (from 1, one for the whole JVM) never gets to, so a reply
 * never answers to the wrong one.
 */
public final class LabSerials {

    static final long FIRST = 1L << 31;
    static final long LAST = (1L << 32) - 1;

    private final AtomicLong next;

    public LabSerials() {
        this(FIRST);
    }

    LabSerials(long first) {
        next = new AtomicLong(first);
    }

    public long next() {
        return next.getAndUpdate(s -> s == LAST ? FIRST : s + 1);
    }
}
