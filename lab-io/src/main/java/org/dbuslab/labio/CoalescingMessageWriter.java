package org.dbuslab.labio;

import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.spi.message.IMessageWriter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes each message with as few {@code write()} calls as the kernel allows (one, normally). dbus-java's own
 * writer issues one {@code write()} per wire-data chunk, about 33 per message (REFERENCE §6), which costs system
 * calls here and wake-ups in the bus. Locked: dbus-java's sender thread and lab code may both write.
 * <p>
 * Where the lab reaches the socket's descriptor ({@link NativeSocket#forChannel}: unix sockets, and TCP when the JVM
 * exports {@code sun.nio.ch} to it) a message can also be queued ({@link #queue}): it is sent without blocking, and what the socket
 * cannot take now waits for an event loop ({@link BufferedMessageReader#serviceUntil}) to send it when the socket
 * drains — as libdbus sends. A blocking write sends the queue first, so messages leave in order; while it blocks,
 * the event loop leaves the queue to it and goes on reading.
 */
final class CoalescingMessageWriter implements IMessageWriter, OutgoingBytes {

    private final SocketChannel channel;
    /** The socket's descriptor, where the lab reaches it: lets {@link #queue} send without blocking. */
    private final NativeSocket nativeSocket;
    /** The descriptor of a unix socket (jnr's channels), else null: blocking writes go through it in place. */
    private final NativeSocket unixSocket;
    /** Direct, so a unix socket's send reads it in place ({@link NativeSocket#send}). */
    private ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
    /** Queued bytes not sent yet, between position and limit; direct, so send() reads it in place. */
    private ByteBuffer queued = ByteBuffer.allocateDirect(0);
    /** How many bytes are queued, readable without the lock (a blocking write may hold it for long). */
    private volatile int queuedBytes;
    /**
     * Held replies beyond this many bytes go out at once: batching 10000 B replies by the dozen made the peer wait
     * for them (p2p-unix async 10000 B, one CPU, medians of 3 rounds: 7.27-7.39 against 6.91-7.36 µs per call
     * unbatched; with this cap 6.79-7.32 against 6.88-7.29; 2026-12-06).
     */
    private static final int HOLD_AT_MOST = 32 * 1024;
    /** Frames were held ({@link #hold}) and wait in the queue for {@link #releaseHeld}. */
    private volatile boolean holding;
    private final ReentrantLock lock = new ReentrantLock();

    /**
     * An experiment, off unless {@code -Ddbuslab.flushOnWait=true}: {@link #queue} only queues, and the caller's event
     * loop sends all that is queued when it next waits, in one write. Every client library the lab measures (libdbus,
     * sd-bus, GDBus) writes a message at once when it can, and so does the lab by default; on one CPU each of those
     * writes wakes the peer, which preempts the writer (docs/EXPERIMENTS.md, "Writing at once against flushing on wait").
     */
    private final boolean flushOnWait = Boolean.getBoolean("dbuslab.flushOnWait");

    CoalescingMessageWriter(SocketChannel channel) {
        this.channel = channel;
        this.nativeSocket = NativeSocket.forChannel(channel).orElse(null);
        this.unixSocket = nativeSocket != null && nativeSocket.unix() ? nativeSocket : null;
    }

    @Override
    public void writeMessage(Message message) throws IOException {
        if (message == null || message.getWireData() == null) {
            return;
        }
        writeFrame(OutgoingFrame.of(message));
    }

    /** Writes {@code frame} now, in one piece, after what was queued; blocks until the socket took it all. */
    void writeFrame(OutgoingFrame frame) throws IOException {
        lock.lock();
        try {
            writeAfterQueue(frame);
        } finally {
            lock.unlock();
        }
    }

    private void writeAfterQueue(OutgoingFrame frame) throws IOException {
        drainQueue(); // what was queued or held goes first
        holding = false;
        int total = frame.length();
        if (buffer.capacity() < total) {
            buffer = ByteBuffer.allocateDirect(Math.max(total, buffer.capacity() * 2));
        }
        buffer.clear();
        frame.writeTo(buffer);
        buffer.flip();
        while (buffer.hasRemaining()) {
            writeSome(buffer);
        }
    }

    /** Sends everything queued, blocking until the socket has taken it. */
    private void drainQueue() throws IOException {
        while (queued.hasRemaining()) {
            writeSome(queued);
            queuedBytes = queued.remaining();
        }
    }

    /** One blocking write from a direct buffer: in place through libc on a unix socket (jnr's copies through the heap). */
    private void writeSome(ByteBuffer direct) throws IOException {
        ensureOpen();
        if (unixSocket != null) {
            unixSocket.send(direct);
        } else {
            channel.write(direct);
        }
    }

    /**
     * jnr's unix channels write to their descriptor number even after close(): once the kernel has given that number
     * to a file opened since (a results CSV), the bytes of a late message went into that file. Checked before every
     * write; a close during a blocked write ends that write with an error (jnr shuts the socket down first).
     */
    private void ensureOpen() throws ClosedChannelException {
        if (!channel.isOpen()) {
            throw new ClosedChannelException();
        }
    }

    /**
     * Sends {@code message} as far as the socket takes it now and queues the rest, never blocking; an event loop
     * sends the rest ({@link #sendWithoutBlocking}) when the socket reports it can take more.
     *
     * @throws IllegalStateException on a socket whose descriptor the lab cannot reach
     */
    void queue(Message message) throws IOException {
        queue(OutgoingFrame.of(message));
    }

    /** As {@link #queue(Message)}, for a frame the lab marshalled. */
    void queue(OutgoingFrame frame) throws IOException {
        if (nativeSocket == null) {
            throw new IllegalStateException("this socket's descriptor is out of reach: it cannot queue messages");
        }
        lock.lock();
        try {
            append(frame);
            if (!flushOnWait) {
                sendQueued();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Puts {@code frame} after the queued bytes. They move to the buffer's front only when the end has no room:
     * compacting on every append copied all that was queued once per message, which behind a slow reader (dbus-daemon
     * takes pipelined 10000 B calls at half dbus-broker's pace) is most of a megabyte per call.
     */
    private void append(OutgoingFrame frame) {
        int total = frame.length();
        if (!queued.hasRemaining()) {
            queued.limit(0); // empty: start again at the front, where the buffer is likely in cache
        }
        if (queued.capacity() - queued.limit() < total) {
            if (queued.capacity() - queued.remaining() < total) {
                ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(queued.remaining() + total,
                    Math.max(64 * 1024, queued.capacity() * 2)));
                bigger.put(queued);
                queued = bigger.flip();
            } else {
                queued.compact().flip();
            }
        }
        int start = queued.position();
        int end = queued.limit();
        queued.limit(queued.capacity()).position(end);
        frame.writeTo(queued);
        queued.limit(queued.position()).position(start);
        queuedBytes = queued.remaining();
    }

    /**
     * Appends {@code frame} to the queue without sending it: the reader sends what was held, in one write, before it
     * next waits for data ({@link #releaseHeld}). A server answering several calls that came in one read so answers
     * them with one write, as the raw-socket floor's server does, instead of one write per reply.
     */
    void hold(OutgoingFrame frame) throws IOException {
        lock.lock();
        try {
            append(frame);
            holding = true;
            if (queued.remaining() >= HOLD_AT_MOST) {
                sendHeld();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Sends everything queued, blocking, if frames were held; nothing otherwise (a caller's loop sends its own queue). */
    void releaseHeld() throws IOException {
        if (!holding) {
            return;
        }
        lock.lock();
        try {
            sendHeld();
        } finally {
            lock.unlock();
        }
    }

    /** A send that fails drops what is left: the peer is gone, and the reader is to meet the end of file, not this error again. */
    private void sendHeld() throws IOException {
        try {
            drainQueue();
        } catch (IOException e) {
            queued.position(queued.limit());
            queuedBytes = 0;
            throw e;
        } finally {
            holding = false;
        }
    }

    /** Bytes queued and not sent yet. */
    int queuedBytes() {
        return queuedBytes;
    }

    @Override
    public boolean pending() {
        return queuedBytes > 0;
    }

    /** Sends what the socket takes now; does nothing while a blocking write holds the queue (it sends it). */
    @Override
    public void sendWithoutBlocking() throws IOException {
        if (!lock.tryLock()) {
            return;
        }
        try {
            sendQueued();
        } finally {
            lock.unlock();
        }
    }

    private void sendQueued() throws IOException {
        while (queued.hasRemaining() && nativeSocket.sendNow(queued) > 0) {
            queuedBytes = queued.remaining(); // the kernel took some; offer it the rest
        }
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
