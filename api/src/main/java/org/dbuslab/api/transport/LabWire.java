package org.dbuslab.api.transport;

import org.freedesktop.dbus.messages.Message;

import java.io.IOException;
import java.util.Optional;

/**
 * The reader and writer the lab's socket provider made for one connection. dbus-java still owns connecting,
 * authentication and its own reader thread; through the wire the lab can also write a message directly (one
 * {@code write()}, no sender-thread hand-off) and intercept parsed messages before dbus-java dispatches them.
 * <p>
 * dbus-java creates the reader and writer on the thread that builds the connection (or, for a listening
 * connection, the thread that calls {@code listen()}), so that thread picks its wire up with
 * {@link #takeCreatedOnThisThread()} right afterwards.
 */
public final class LabWire {

    private static final ThreadLocal<LabWire> CREATED_ON_THIS_THREAD = new ThreadLocal<>();

    private final BufferedMessageReader reader;
    private CoalescingMessageWriter writer;

    LabWire(BufferedMessageReader reader) {
        this.reader = reader;
        CREATED_ON_THIS_THREAD.set(this);
    }

    void attach(CoalescingMessageWriter writer) {
        this.writer = writer;
    }

    /** The wire of the connection this thread built last, once; empty when the lab's provider was not used. */
    public static Optional<LabWire> takeCreatedOnThisThread() {
        LabWire wire = CREATED_ON_THIS_THREAD.get();
        CREATED_ON_THIS_THREAD.remove();
        return Optional.ofNullable(wire);
    }

    static java.util.Optional<LabWire> peekCreatedOnThisThread() {
        return Optional.ofNullable(CREATED_ON_THIS_THREAD.get());
    }

    /** Installs {@code interceptor} (null removes it); takes effect for the next message parsed. */
    public void intercept(MessageInterceptor interceptor) {
        reader.setInterceptor(interceptor);
    }

    /** Writes {@code message} now, from the calling thread, in one piece. */
    public void write(Message message) throws IOException {
        if (writer == null) {
            throw new IOException("connection has no writer yet");
        }
        writer.writeMessage(message);
    }
}
