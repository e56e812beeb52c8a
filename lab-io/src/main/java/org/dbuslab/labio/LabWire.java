package org.dbuslab.labio;

import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Message;

import java.io.IOException;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The reader and writer the lab's socket provider made for one connection. dbus-java still owns connecting,
 * authentication and its own reader thread; through the wire the lab can also write a message directly (one
 * {@code write()}, no sender-thread hand-off), intercept parsed messages before dbus-java dispatches them, and
 * let a thread that waits for a reply read the socket itself.
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
        reader.attach(writer);
    }

    /** The wire of the connection this thread built last, once; empty when the lab's provider was not used. */
    public static Optional<LabWire> takeCreatedOnThisThread() {
        LabWire wire = CREATED_ON_THIS_THREAD.get();
        CREATED_ON_THIS_THREAD.remove();
        return Optional.ofNullable(wire);
    }

    /**
     * Announces (on) that this thread will install an interceptor on the connection it builds next: its reader then
     * holds the messages it parses until then (at most 5 s), so none slips past to dbus-java while the interceptor
     * is being installed. Off again once built.
     */
    public static void interceptorFollowsOnThisThread(boolean on) {
        BufferedMessageReader.interceptorFollowsOnThisThread(on);
    }

    static java.util.Optional<LabWire> peekCreatedOnThisThread() {
        return Optional.ofNullable(CREATED_ON_THIS_THREAD.get());
    }

    /** Installs {@code interceptor} (null removes it); takes effect for the next message parsed. */
    public void intercept(MessageInterceptor interceptor) {
        reader.setInterceptor(interceptor);
    }

    /**
     * Lets the threads that wait for replies read the socket themselves (on), instead of dbus-java's reader
     * thread handing them each reply (off, the default). See {@link #readUntil}.
     */
    public void readOnCallingThreads(boolean on) throws IOException {
        reader.readOnCallingThreads(on);
    }

    /**
     * Makes dbus-java's reader thread wait in poll(POLLIN) before each read of a unix socket, as libdbus's main loop
     * does, instead of blocking in read(), where the kernel also wakes it each time the peer drains what this side
     * wrote. For a thread that writes its answers and then reads again (the server's) that wake-up is one per call.
     */
    public void pollBeforeReaderReads(boolean on) {
        reader.pollBeforeReaderReads(on);
    }

    /**
     * With {@link #readOnCallingThreads} on: reads on this thread, passing every message to the interceptor (or on
     * to dbus-java), until {@code done} holds or {@code deadlineNanos} (System.nanoTime) has passed.
     *
     * @return false at once when another thread is reading; the caller then waits for that thread instead
     */
    public boolean readUntil(BooleanSupplier done, long deadlineNanos) throws IOException, DBusException {
        return reader.readUntil(done, deadlineNanos);
    }

    /**
     * Whether a read on this socket stops by itself to look at the deadline (unix sockets: a receive timeout).
     * Where it does not (the JDK's TCP channels), only closing the socket ends a read that waits for a lost reply.
     */
    public boolean readsTimeOut() {
        return reader.readsTimeOut();
    }

    /**
     * Shuts the socket down both ways: a read or write blocked on it fails at once, and dbus-java sees the connection
     * end. The socket stays open until dbus-java's disconnect() closes it: closed first, the connection would count as
     * disconnected already, disconnect() would return at once, and dbus-java's reader thread would spin for good.
     */
    public void abort() throws IOException {
        reader.shutdown();
    }

    /**
     * True when this connection can run the caller's event loop ({@link #queue}, {@link #serviceUntil}): where the
     * lab can call poll() and send without blocking on the socket's descriptor — unix sockets, and TCP when the JVM
     * exports {@code sun.nio.ch} to the lab (the lab's jars do).
     */
    public boolean supportsEventLoop() {
        return reader.canPoll() && writer != null;
    }

    /**
     * Sends {@code message} as far as the socket takes it now, never blocking; the rest is sent by
     * {@link #serviceUntil}. Messages leave in the order they were queued or written.
     */
    public void queue(Message message) throws IOException {
        writer().queue(message);
    }

    /** As {@link #queue(Message)}, for a message the lab marshalled itself. */
    public void queue(OutgoingFrame frame) throws IOException {
        writer().queue(frame);
    }

    /** Bytes {@link #queue} has taken that the socket has not yet. */
    public long queuedBytes() {
        return writer == null ? 0 : writer.queuedBytes();
    }

    /**
     * With {@link #readOnCallingThreads} on and {@link #supportsEventLoop}: the calling thread's event loop, as
     * libdbus's. Until {@code done} holds or {@code deadlineNanos} (System.nanoTime) has passed, waits in poll() for
     * the socket to become readable, or writable while queued bytes wait, sends what fits and passes every message
     * read to the interceptor (or on to dbus-java). It never blocks in read() or write(): a thread that sleeps in
     * write() while replies wait to be read, or in read() where the kernel also wakes it each time the peer drains
     * what it wrote, sleeps and is woken far more often (docs/EXPERIMENTS.md, step 10).
     *
     * @return false at once when another thread is reading; the caller then waits for that thread instead
     */
    public boolean serviceUntil(BooleanSupplier done, long deadlineNanos) throws IOException, DBusException {
        return reader.serviceUntil(done, deadlineNanos, writer);
    }

    /** As {@link #write(Message)}, for a message the lab marshalled itself. */
    public void write(OutgoingFrame frame) throws IOException {
        writer().writeFrame(frame);
    }

    /**
     * Holds {@code frame} to be sent with the frames held after it, in one write, when this connection's reader next
     * waits for data: for replies written by the reader itself (an interceptor), never by another thread, which
     * would wait for the next read.
     */
    public void hold(OutgoingFrame frame) throws IOException {
        writer().hold(frame);
    }

    /** Writes {@code message} now, from the calling thread, in one piece. */
    public void write(Message message) throws IOException {
        writer().writeMessage(message);
    }

    private CoalescingMessageWriter writer() throws IOException {
        if (writer == null) {
            throw new IOException("connection has no writer yet");
        }
        return writer;
    }
}
