package org.dbuslab.labio;

import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.MessageProtocolVersionException;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MessageFactory;
import org.freedesktop.dbus.spi.message.IMessageReader;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Reads messages through a buffer: one {@code read()} usually brings a whole message (or several), where
 * dbus-java's own reader makes at least four reads per message. Parsing is still dbus-java's
 * ({@link MessageFactory#createMessage}). An installed {@link MessageInterceptor} sees each message first; a
 * message it handles is not returned (this returns null, which dbus-java's reader loop simply skips). Calling
 * threads can take over the reading ({@link #readOnCallingThreads}).
 */
final class BufferedMessageReader implements IMessageReader {

    /** Fixed header (12 bytes) plus the length of the header-field array. */
    private static final int PREFIX = 16;

    /** How long a read waits for data before it checks a caller's deadline. */
    private static final int RECEIVE_TIMEOUT_MS = 20;
    /**
     * How often dbus-java's waiting reader thread looks whether the socket closed, while calling threads read or
     * while it polls (closing a descriptor does not end a poll() on it). Each look can cost a wake-up, so it is rare.
     */
    private static final long IDLE_CHECK_MS = 1000;
    private static final long NO_DEADLINE = Long.MAX_VALUE;
    /** The D-Bus specification's limit on a whole message. */
    private static final long MAX_MESSAGE_LENGTH = 134_217_728;
    /** A buffer grown beyond this for a large message goes back to its first size once that message is read. */
    private static final int SHRINK_ABOVE = 4 * 1024 * 1024;

    private final SocketChannel channel;
    /** The socket's descriptor where the lab can reach it ({@link NativeSocket#forChannel}): for the caller's loop. */
    private final NativeSocket nativeSocket;
    /**
     * The descriptor of a unix socket (jnr's channels), else null. Reads go through it, and only there may
     * dbus-java's reader thread wait in poll(POLLIN).
     */
    private final NativeSocket unixSocket;
    /** Whether dbus-java's reader thread waits in poll(POLLIN) before it reads (see {@link #pollBeforeReaderReads}). */
    private volatile boolean readerPolls;
    /** The last read filled all the space it was offered: more data is probably waiting, read without polling. */
    private boolean lastReadFull;
    /**
     * Direct, so the caller's loop receives into it in place ({@link NativeSocket#receiveNow}). It grows as a large
     * message's bytes arrive, never to the length a header claims before they do, within {@link IncomingMemory}.
     */
    private ByteBuffer buffer = ByteBuffer.allocateDirect(IncomingMemory.UNCOUNTED_BYTES);
    private final IncomingMemory.Share memory = new IncomingMemory.Share();

    private volatile MessageInterceptor interceptor;
    /** The connection's writer, whose held replies go out before this reader waits for data ({@link #fill}). */
    private volatile CoalescingMessageWriter writer;
    /**
     * Set by {@link #interceptorFollowsOnThisThread}: dbus-java's reader thread starts before the building thread can
     * install the interceptor, so until then parsed messages wait here instead of going to dbus-java. Null when no
     * interceptor was announced.
     */
    private final CountDownLatch interceptorInstalled;
    private static final ThreadLocal<Boolean> INTERCEPTOR_FOLLOWS = new ThreadLocal<>();
    /** Never wait forever for an interceptor that was announced: after this, dbus-java gets the message. */
    private static final long INTERCEPTOR_WAIT_MS = 5_000;

    /*
     * Who reads. By default dbus-java's reader thread does, blocked in readMessage(). When calling threads read
     * (readOnCallingThreads), that thread waits on turnFree instead of in read(), and a caller waiting for its
     * reply reads the socket itself, as libdbus's blocking call does: one thread woken per reply instead of two.
     * Messages a caller reads but no interceptor takes are queued for dbus-java's reader thread.
     */
    private final ReentrantLock turn = new ReentrantLock();
    private final Condition turnFree = turn.newCondition();
    private final ArrayDeque<Message> forDbusJava = new ArrayDeque<>(); // guarded by turn
    private volatile boolean callingThreadsRead;
    private volatile boolean readsTimeOut;

    BufferedMessageReader(SocketChannel channel) {
        this.channel = channel;
        this.nativeSocket = NativeSocket.forChannel(channel).orElse(null);
        this.unixSocket = nativeSocket != null && nativeSocket.unix() ? nativeSocket : null;
        this.interceptorInstalled = Boolean.TRUE.equals(INTERCEPTOR_FOLLOWS.get()) ? new CountDownLatch(1) : null;
        buffer.flip(); // empty, ready for reading
    }

    /** The readers this thread creates from now on (on) hold parsed messages until their interceptor is set. */
    static void interceptorFollowsOnThisThread(boolean on) {
        if (on) {
            INTERCEPTOR_FOLLOWS.set(true);
        } else {
            INTERCEPTOR_FOLLOWS.remove();
        }
    }

    void attach(CoalescingMessageWriter writer) {
        this.writer = writer;
    }

    void setInterceptor(MessageInterceptor interceptor) {
        this.interceptor = interceptor;
        if (interceptorInstalled != null && interceptor != null) {
            interceptorInstalled.countDown();
        }
    }

    private void awaitAnnouncedInterceptor() {
        if (interceptorInstalled != null && interceptorInstalled.getCount() > 0) {
            try {
                interceptorInstalled.await(INTERCEPTOR_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Lets calling threads read (see {@link #readUntil}), or hands reading back to dbus-java's reader thread. Turning
     * it on also gives the socket a receive timeout where it has one (unix sockets), so a caller's read can stop at
     * its deadline. A reader thread already blocked in read() keeps the turn until its next message.
     */
    void readOnCallingThreads(boolean on) throws IOException {
        if (on && !readsTimeOut) {
            readsTimeOut = setReceiveTimeout(RECEIVE_TIMEOUT_MS);
        }
        callingThreadsRead = on;
        if (!on && turn.tryLock()) { // dbus-java's reader waits for the turn: wake it (if it holds it, it reads)
            try {
                turnFree.signalAll();
            } finally {
                turn.unlock();
            }
        }
    }

    /**
     * Makes dbus-java's reader thread wait in poll(POLLIN) before each read on a unix socket (no effect on other
     * channels), so it is not woken each time the peer drains what this side wrote (see {@link NativeSocket}).
     * Calling threads that read (readUntil) never poll. A reader already blocked in read() keeps blocking there
     * until its next message.
     */
    void pollBeforeReaderReads(boolean on) {
        readerPolls = on;
    }

    /** True when a read gives up after {@link #RECEIVE_TIMEOUT_MS} without data, so a deadline can end it. */
    boolean readsTimeOut() {
        return readsTimeOut;
    }

    /**
     * Reads and dispatches messages (to the interceptor, or queued for dbus-java) on the calling thread until
     * {@code done} holds or {@code deadline} (System.nanoTime) has passed — on a socket without a receive timeout
     * the read itself can only be ended by closing the socket.
     *
     * @return false at once when another thread holds the turn to read
     */
    boolean readUntil(BooleanSupplier done, long deadline) throws IOException, DBusException {
        if (!turn.tryLock()) {
            return false;
        }
        try {
            while (!done.getAsBoolean() && deadline - System.nanoTime() > 0) {
                Message message = readOne(deadline);
                if (message != null) {
                    forDbusJava.add(message);
                    turnFree.signalAll();
                }
            }
            return true;
        } finally {
            turn.unlock();
        }
    }

    /** True where the lab reaches the socket's descriptor ({@link NativeSocket#forChannel}): {@link #serviceUntil} can run. */
    boolean canPoll() {
        return nativeSocket != null;
    }

    /**
     * The calling thread's event loop, as libdbus's: dispatches every whole message already buffered, and while
     * {@code done} does not hold, waits in poll() for the socket to become readable — or writable, while
     * {@code outgoing} holds bytes — then sends what fits and reads what came, never blocking in read() or write().
     * Needs {@link #readOnCallingThreads} on and the socket's descriptor ({@link #canPoll}).
     *
     * @return false at once when another thread holds the turn to read; true when {@code done} holds or the
     *         deadline (System.nanoTime) has passed
     */
    boolean serviceUntil(BooleanSupplier done, long deadline, OutgoingBytes outgoing)
        throws IOException, DBusException {
        if (!turn.tryLock()) {
            // dbus-java's reader thread still reads (it blocked in read() before callers took over) and gives the
            // turn up after its next message; that needs the queued calls sent, so send them meanwhile
            if (outgoing.pending() && (nativeSocket.poll(NativeSocket.POLLOUT, 1) & NativeSocket.POLLOUT) != 0) {
                try {
                    outgoing.sendWithoutBlocking();
                } catch (IOException e) {
                    connectionLost(e);
                    throw e;
                }
            }
            return false;
        }
        try {
            boolean lastLook = false;
            while (true) {
                try {
                    dispatchBuffered();
                    if (done.getAsBoolean()) {
                        return true;
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        if (lastLook) {
                            return true;
                        }
                        lastLook = true; // a deadline that has passed still gets one look at what has arrived
                    }
                    boolean sending = outgoing.pending();
                    short wanted = sending ? (short) (NativeSocket.POLLIN | NativeSocket.POLLOUT) : NativeSocket.POLLIN;
                    int waitMillis = left <= 0 ? 0 : (int) Math.min(IDLE_CHECK_MS, TimeUnit.NANOSECONDS.toMillis(left) + 1);
                    int ready = nativeSocket.poll(wanted, waitMillis);
                    if (sending && (ready & NativeSocket.POLLOUT) != 0) {
                        outgoing.sendWithoutBlocking();
                    }
                    if ((ready & (NativeSocket.POLLIN | NativeSocket.POLLERR | NativeSocket.POLLHUP)) != 0) {
                        readAvailable(); // poll() said a receive finds data (or fails at once)
                    } else if (!channel.isOpen()) {
                        throw new ClosedChannelException(); // closing a descriptor does not end a poll() on it
                    }
                } catch (IOException e) {
                    connectionLost(e);
                    throw e;
                }
            }
        } finally {
            turn.unlock();
        }
    }

    private void connectionLost(IOException cause) {
        memory.releaseAll();
        MessageInterceptor current = interceptor;
        if (current != null) {
            current.connectionLost(cause);
        }
    }

    /** Parses and dispatches the whole messages already in the buffer, without reading. Holds the turn. */
    private void dispatchBuffered() throws IOException, DBusException {
        while (buffer.remaining() >= PREFIX && buffer.remaining() >= messageLength(buffer.position())) {
            Message message = parseNext(NO_DEADLINE);
            if (message != null) {
                forDbusJava.add(message);
                turnFree.signalAll();
            }
        }
    }

    /**
     * Receives everything the socket holds now, without blocking, into the buffer (grown for a message larger
     * than it), dispatching the whole messages after every receive: a peer that blocks writing to us is
     * unblocked at once, not one read per poll().
     */
    private void readAvailable() throws IOException, DBusException {
        while (true) {
            int needed = buffer.remaining() + 1;
            if (buffer.remaining() >= PREFIX) {
                needed = Math.max(needed, messageLength(buffer.position()));
            }
            buffer.compact(); // write mode, the unread bytes at its start
            int received;
            try {
                if (!buffer.hasRemaining()) {
                    grow(needed);
                }
                received = nativeSocket.receiveNow(buffer);
            } finally {
                buffer.flip();
            }
            if (received < 0) {
                throw new EOFException("peer closed the connection");
            }
            if (received == 0) {
                return;
            }
            dispatchBuffered();
        }
    }

    /** dbus-java's reader thread: waits while calling threads read, then passes on what they left for it. */
    @Override
    public Message readMessage() throws IOException, DBusException {
        turn.lock();
        try {
            while (callingThreadsRead && forDbusJava.isEmpty() && channel.isOpen()) {
                try {
                    turnFree.await(IDLE_CHECK_MS, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null; // dbus-java's reader loop checks whether it was told to stop
                }
            }
            if (!forDbusJava.isEmpty()) {
                return forDbusJava.poll();
            }
            return readOne(NO_DEADLINE);
        } finally {
            turn.unlock();
        }
    }

    private Message readOne(long deadline) throws IOException, DBusException {
        try {
            return parseNext(deadline);
        } catch (IOException e) {
            connectionLost(e);
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    private boolean setReceiveTimeout(int millis) throws IOException {
        // jnr-unixsocket's SO_RCVTIMEO; the JDK's own channels (TCP) have no receive timeout
        for (SocketOption<?> option : channel.supportedOptions()) {
            if (option.name().equals("SO_RCVTIMEO") && option.type() == Integer.class) {
                channel.setOption((SocketOption<Integer>) option, millis);
                return true;
            }
        }
        return false;
    }

    private Message parseNext(long deadline) throws IOException, DBusException {
        if (!fill(PREFIX, deadline)) {
            return null;
        }
        int start = buffer.position();
        byte type = buffer.get(start + 1);
        byte endianness = buffer.get(start);
        if (endianness != 'l' && endianness != 'B') {
            // the byte order decides every length that follows: nothing after it can be trusted, not even an error
            throw new IOException("invalid byte-order mark 0x" + Integer.toHexString(endianness & 0xff)
                + " (D-Bus allows only 'l' and 'B')");
        }
        int version = buffer.get(start + 3) & 0xff; // unsigned: a signed compare let 128-255 through
        if (version != Message.PROTOCOL) {
            throw new MessageProtocolVersionException("Protocol version " + version + " is unsupported");
        }
        if (readUint32(start, 8) == 0) {
            throw new IOException("a message with serial 0, which D-Bus does not allow"); // as dbus-daemon: disconnect
        }
        byte[] prefix = new byte[PREFIX];
        buffer.get(start, prefix);
        long bodyLength = readUint32(start, 4);
        long paddedFields = paddedFieldsLength(start);
        int total = messageLength(start);
        if (!fill(total, deadline)) {
            return null;
        }
        start = buffer.position(); // filling may have compacted the buffer
        if (interceptedWhole(start, total)) {
            return null;
        }

        // The array shapes dbus-java's own reader hands to MessageFactory.createMessage.
        byte[] fixed = new byte[12];
        System.arraycopy(prefix, 0, fixed, 0, 12);
        byte[] header = new byte[(int) paddedFields + 8];
        System.arraycopy(prefix, 12, header, 0, 4);
        buffer.get(start + PREFIX, header, 8, (int) paddedFields);
        byte[] body = new byte[(int) bodyLength];
        buffer.get(start + PREFIX + (int) paddedFields, body, 0, body.length);
        buffer.position(start + total);
        shrinkAfterLargeMessage();

        Message message;
        try {
            message = MessageFactory.createMessage(type, fixed, header, body, null);
            requireTypedHeaderFields(message);
        } catch (RuntimeException e) {
            // dbus-java's header parsing trusts the lengths inside it (StringIndexOutOfBoundsException and the like),
            // and its accessors the types of the fields (ClassCastException): thrown on, either would kill dbus-java's
            // reader thread and leave the connection open with no one reading
            throw new IOException("a malformed message (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
        MessageInterceptor current = interceptor;
        try {
            if (current != null && current.intercept(message)) {
                return null;
            }
        } catch (MalformedMessageException e) {
            throw new IOException(e.getMessage(), e);
        }
        return message;
    }

    /**
     * Offers the whole message at {@code start} to the interceptor before dbus-java parses it ({@link
     * MessageInterceptor#interceptFrame}); true when taken, the buffer then past it.
     */
    private boolean interceptedWhole(int start, int total) throws IOException {
        awaitAnnouncedInterceptor();
        MessageInterceptor current = interceptor;
        if (current == null) {
            return false;
        }
        int limit = buffer.limit();
        boolean taken;
        try {
            taken = current.interceptFrame(buffer, start, total);
        } catch (MalformedMessageException e) {
            throw new IOException(e.getMessage(), e);
        } catch (RuntimeException e) {
            // thrown on, it would end dbus-java's reader thread and leave the connection open with no one reading
            throw new IOException("a message the lab's frame reader failed on (" + e + ")", e);
        } finally {
            buffer.limit(limit).position(start); // whatever the interceptor did, the message is still here
        }
        if (taken) {
            buffer.position(start + total);
            shrinkAfterLargeMessage();
        }
        return taken;
    }

    /** Reads every header field once, so one of the wrong type fails here, not later in dbus-java's dispatch. */
    private static void requireTypedHeaderFields(Message message) {
        message.getPath();
        message.getInterface();
        message.getName();
        message.getSig();
        message.getSource();
        message.getDestination();
        message.getReplySerial();
    }

    /** The length of the header-field array of the message at {@code start}, padded to 8 (the body is aligned). */
    private long paddedFieldsLength(int start) {
        return (readUint32(start, 12) + 7) & ~7L;
    }

    /** The whole length of the message whose fixed header (at least {@link #PREFIX} bytes) is at {@code start}. */
    private int messageLength(int start) throws IOException {
        long total = PREFIX + paddedFieldsLength(start) + readUint32(start, 4);
        if (total > MAX_MESSAGE_LENGTH) {
            throw new IOException("message of " + total + " bytes is larger than D-Bus allows (128 MiB)");
        }
        IncomingMemory.checkMessageLength(total);
        return (int) total;
    }

    /** A 32-bit unsigned number of the header at {@code start}, in the message's byte order ('l' little, 'B' big). */
    private long readUint32(int start, int offset) {
        int raw = buffer.getInt(start + offset); // ByteBuffer reads big-endian by default
        return Integer.toUnsignedLong(buffer.get(start) == 'l' ? Integer.reverseBytes(raw) : raw);
    }

    /**
     * Makes sure {@code needed} unread bytes are in the buffer, reading (and compacting or growing) as needed.
     * False when the deadline passed first (a read that timed out returns 0).
     */
    private boolean fill(int needed, long deadline) throws IOException {
        if (buffer.remaining() >= needed) {
            return true;
        }
        CoalescingMessageWriter held = writer;
        if (held != null) {
            held.releaseHeld(); // the replies to what was read go out before the wait for more
        }
        buffer.compact();
        // buffer is now in write mode with the unread bytes at its start; every way out flips it back, so a
        // failed read (end of stream) leaves what arrived readable instead of a write-mode buffer read as data
        try {
            while (buffer.position() < needed) {
                if (!buffer.hasRemaining()) {
                    grow(needed);
                }
                ByteBuffer slice = buffer.slice(buffer.position(), buffer.remaining());
                int read = readableNow(deadline) ? read(slice) : 0;
                lastReadFull = !slice.hasRemaining();
                if (read < 0) {
                    throw new EOFException("peer closed the connection");
                }
                buffer.position(buffer.position() + read);
                if (read == 0 && deadline != NO_DEADLINE && deadline - System.nanoTime() <= 0) {
                    return false; // the bytes read so far stay for the next call
                }
            }
            return true;
        } finally {
            buffer.flip();
        }
    }

    /** A read into the direct buffer in place: through libc on a unix socket ({@link NativeSocket#receive}). */
    private int read(ByteBuffer slice) throws IOException {
        return unixSocket != null ? unixSocket.receive(slice) : channel.read(slice);
    }

    /**
     * Doubles the full buffer (write mode): it grows only once full, so a length that a header claims costs
     * memory only as its bytes arrive, to at most {@code needed} bytes, within the connection's share of
     * {@link IncomingMemory}: over it, the read fails and the connection ends.
     */
    private void grow(int needed) throws IOException {
        int capacity = (int) Math.min(needed, buffer.capacity() * 2L);
        memory.resize(capacity);
        ByteBuffer bigger = ByteBuffer.allocateDirect(capacity);
        buffer.flip();
        bigger.put(buffer);
        buffer = bigger;
    }

    /** Gives a buffer grown for a large message back once that message is read (read mode, little left). */
    private void shrinkAfterLargeMessage() throws IOException {
        if (buffer.capacity() > SHRINK_ABOVE && buffer.remaining() <= IncomingMemory.UNCOUNTED_BYTES) {
            ByteBuffer small = ByteBuffer.allocateDirect(IncomingMemory.UNCOUNTED_BYTES);
            small.put(buffer);
            small.flip();
            buffer = small;
            memory.resize(small.capacity());
        }
    }

    /**
     * For a read without a deadline (dbus-java's reader thread) when it polls: waits until the socket has data, and
     * is false when a wait of {@link #IDLE_CHECK_MS} passed without (the loop then looks again whether the socket
     * closed). True at once for a calling thread, when the reader does not poll, or when the last read filled all
     * the space it was offered (more is then almost certainly waiting; polling would cost a system call).
     */
    private boolean readableNow(long deadline) throws IOException {
        if (!readerPolls || unixSocket == null || deadline != NO_DEADLINE || lastReadFull) {
            return true;
        }
        if (!channel.isOpen()) {
            throw new ClosedChannelException();
        }
        return nativeSocket.awaitReadable((int) IDLE_CHECK_MS);
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        memory.releaseAll();
        channel.close();
    }

    /** Ends both directions without closing the socket (LabWire.abort). */
    void shutdown() throws IOException {
        SocketShutdown.bothWays(channel);
    }
}
