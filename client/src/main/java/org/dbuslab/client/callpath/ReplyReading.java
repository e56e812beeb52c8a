package org.dbuslab.client.callpath;

/** Which thread reads the replies on the lean call path. */
public enum ReplyReading {
    /**
     * The thread that waits for a reply reads the socket itself, as libdbus's blocking call does: one thread
     * wakes per reply. For synchronous calls (window 1).
     */
    CALLING_THREAD,
    /**
     * dbus-java's reader thread parses each reply and hands it to the waiting caller: two threads wake per
     * reply, but replies keep being read while the caller writes. For pipelined calls.
     */
    READER_THREAD;

    /**
     * The reading for {@code window} outstanding calls. {@code -Ddbuslab.callerReads=false} keeps dbus-java's
     * reader thread reading for synchronous calls too, to measure what reading on the caller changes.
     */
    public static ReplyReading forWindow(int window) {
        boolean allowed = !"false".equals(System.getProperty("dbuslab.callerReads", "true"));
        return window == 1 && allowed ? CALLING_THREAD : READER_THREAD;
    }
}
