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
     * The reading for {@code window} outstanding calls on a connection to {@code address} ({@code peer}: a direct
     * connection, no bus), each the fastest measured there (docs/EXPERIMENTS.md, step 10): the caller reads for
     * synchronous calls; pipelined calls run the caller's event loop, except on a direct unix socket. There the
     * lab's server reads a call only as it answers it, so the socket's small send buffer (about 200 kB) stays full
     * and the one thread of the loop waits on it, where dbus-java's reader thread and the caller work side by side
     * (22–24 against 30–37 µs per call of 10 000 B). {@code -Ddbuslab.callerReads=false} keeps dbus-java's reader
     * thread reading for all calls, to measure what reading on the caller changes; {@code -Ddbuslab.callerLoops=true}
     * runs the event loop for pipelined calls on a direct unix socket too.
     */
    public static ReplyReading forConnection(int window, boolean peer, String address) {
        if ("false".equals(System.getProperty("dbuslab.callerReads", "true"))) {
            return READER_THREAD;
        }
        if (window == 1) {
            return CALLING_THREAD;
        }
        if (Boolean.getBoolean("dbuslab.callerLoops")) { // an experiment: the event loop on a direct unix socket too
            return CALLER_LOOP;
        }
        return peer && address.startsWith("unix:") ? READER_THREAD : CALLER_LOOP;
    }
}
