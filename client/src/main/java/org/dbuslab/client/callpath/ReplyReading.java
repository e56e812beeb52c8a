package org.dbuslab.client.callpath;

/** Which thread reads the replies on the lean call path, and how it waits. */
public enum ReplyReading {
    /**
     * The thread that waits for a reply reads the socket itself, as libdbus's blocking call does: one thread
     * wakes per reply. For synchronous calls (window 1).
     */
    CALLING_THREAD,
    /**
     * The calling thread runs an event loop, as libdbus's main loop: calls are queued and sent without blocking,
     * and while it waits for a reply it polls for the socket to become readable or writable, sends what fits and
     * reads every reply that came. One thread, which never sleeps in read() or write(). For pipelined calls; where
     * the lab cannot reach the socket's descriptor (TCP in a JVM that does not export {@code sun.nio.ch} to it) the
     * call path falls back to {@link #READER_THREAD}.
     */
    CALLER_LOOP,
    /**
     * dbus-java's reader thread parses each reply and hands it to the waiting caller: two threads wake per
     * reply, but replies keep being read while the caller writes.
     */
    READER_THREAD;

    /**
     * The reading for {@code window} outstanding calls. {@code -Ddbuslab.callerReads=false} keeps dbus-java's
     * reader thread reading for all calls, to measure what reading on the caller changes.
     */
    public static ReplyReading forWindow(int window) {
        if ("false".equals(System.getProperty("dbuslab.callerReads", "true"))) {
            return READER_THREAD;
        }
        return window == 1 ? CALLING_THREAD : CALLER_LOOP;
    }
}
