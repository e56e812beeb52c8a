package org.dbuslab.labio;

import jnr.constants.platform.Errno;
import jnr.enxio.channels.NativeSelectableChannel;
import jnr.ffi.LastError;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Runtime;
import jnr.ffi.annotations.SaveError;
import jnr.ffi.types.size_t;
import jnr.ffi.types.ssize_t;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.Optional;

/**
 * libc's {@code poll()}, {@code send()} and {@code recv()} on a socket's descriptor (jnr's unix channels; the JDK's
 * TCP channels through {@link JdkDescriptor}): without blocking, for waiting the way libdbus's main loop waits, and
 * blocking, in place on a direct buffer, for the unix sockets' ordinary reads and writes. Linux's flag and errno
 * values: the lab runs on Linux.
 * <p>
 * A thread blocked in {@code read()} on a unix socket is also woken each time the peer drains what this side wrote
 * (the kernel's "write space" wake-up); a poll() that asks only for POLLIN is not. And a thread that writes with
 * {@code MSG_DONTWAIT} never sleeps in {@code write()} while replies wait to be read.
 */
final class NativeSocket {

    /** libc's poll(2) and send(2). */
    public interface LibC {
        int poll(ByteBuffer fds, int nfds, int timeoutMillis);

        @SaveError
        @ssize_t long send(int fd, ByteBuffer buffer, @size_t long length, int flags);

        @SaveError
        @ssize_t long recv(int fd, ByteBuffer buffer, @size_t long length, int flags);
    }

    static final short POLLIN = 0x1;
    static final short POLLOUT = 0x4;
    static final short POLLERR = 0x8;
    static final short POLLHUP = 0x10;
    private static final int MSG_DONTWAIT = 0x40;
    /** A peer that went away gives EPIPE, not a SIGPIPE for the whole JVM. */
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;

    private static volatile LibC libc;

    private final int fd;
    /**
     * The channel that owns {@link #fd}: once it is closed the number may belong to another file opened since (a
     * results CSV), so no call here may use it any more.
     */
    private final SocketChannel owner;
    private final ByteBuffer pollfd = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()); // struct pollfd

    private NativeSocket(int fd, SocketChannel owner) {
        this.fd = fd;
        this.owner = owner;
    }

    /**
     * The descriptor of a socket channel: of jnr's channels (unix sockets) always; of the JDK's own (TCP) where this
     * JVM exports {@code sun.nio.ch} to the lab (the lab's jars say so in their manifests, the tests on their
     * command line), otherwise empty.
     */
    static Optional<NativeSocket> forChannel(SocketChannel channel) {
        Optional<NativeSocket> unix = forUnixChannel(channel);
        return unix.isPresent() ? unix : JdkDescriptor.of(channel).map(fd -> new NativeSocket(fd, channel));
    }

    /** The descriptor of jnr's native channels (unix sockets) only; empty for the JDK's own channels (TCP). */
    static Optional<NativeSocket> forUnixChannel(SocketChannel channel) {
        if (channel instanceof NativeSelectableChannel nativeChannel) {
            return Optional.of(new NativeSocket(nativeChannel.getFD(), channel));
        }
        return Optional.empty();
    }

    /** Whether this is a unix socket's descriptor (jnr's channels), whose ordinary reads and writes go through here. */
    boolean unix() {
        return owner instanceof NativeSelectableChannel;
    }

    /**
     * @return true when the socket is readable or in error (the read that follows tells which), false when the
     *         timeout passed or a signal interrupted the wait
     */
    boolean awaitReadable(int timeoutMillis) {
        return poll(POLLIN, timeoutMillis) > 0;
    }

    /**
     * Waits until one of {@code events} (POLLIN, POLLOUT) holds, or an error or hang-up.
     *
     * @return the events that hold; 0 when the timeout passed or a signal interrupted the wait
     */
    int poll(short events, int timeoutMillis) {
        if (!owner.isOpen()) {
            return POLLERR; // the caller's receive or send then fails
        }
        pollfd.putInt(0, fd);
        pollfd.putShort(4, events);
        pollfd.putShort(6, (short) 0);
        return libc().poll(pollfd, 1, timeoutMillis) > 0 ? pollfd.getShort(6) : 0;
    }

    /**
     * Sends what fits now from {@code direct} (a direct buffer, from its position), moving the position past it.
     *
     * @return the bytes sent; 0 when the socket's buffer is full
     * @throws IOException when the connection failed (the peer closed it, for one)
     */
    int sendNow(ByteBuffer direct) throws IOException {
        return send(direct, MSG_DONTWAIT | MSG_NOSIGNAL);
    }

    /**
     * Receives what has arrived, up to {@code direct}'s remaining space (a direct buffer, from its position), moving
     * the position past it; never blocks.
     *
     * @return the bytes received; 0 when nothing is waiting; -1 at end of stream
     * @throws IOException when the connection failed
     */
    int receiveNow(ByteBuffer direct) throws IOException {
        return receive(direct, MSG_DONTWAIT);
    }

    /**
     * Receives into {@code direct} (a direct buffer, from its position), waiting for data as a blocking read does, up
     * to the socket's SO_RCVTIMEO. In place: jnr-unixsocket's own read allocates a heap buffer as large as the space
     * offered and copies through it twice (about 17 kB of garbage per synchronous 1000 B call, docs/EXPERIMENTS.md).
     *
     * @return the bytes received; 0 when the receive timeout passed or a signal came; -1 at end of stream
     * @throws IOException when the connection failed
     */
    int receive(ByteBuffer direct) throws IOException {
        return receive(direct, 0);
    }

    private int receive(ByteBuffer direct, int flags) throws IOException {
        if (!direct.isDirect()) {
            throw new IllegalArgumentException("receive needs a direct buffer");
        }
        if (!direct.hasRemaining()) {
            return 0;
        }
        ensureOpen();
        long received = libc().recv(fd, direct.slice(), direct.remaining(), flags);
        if (received < 0) {
            failUnlessWouldBlock("recv");
            return 0;
        }
        if (received == 0) {
            return -1;
        }
        direct.position(direct.position() + (int) received);
        return (int) received;
    }

    /**
     * Sends from {@code direct} (a direct buffer, from its position), waiting for room as a blocking write does, and
     * moves the position past what was sent. In place, for the reason {@link #receive(ByteBuffer)} gives.
     *
     * @return the bytes sent; 0 when a signal came first
     * @throws IOException when the connection failed (the peer closed it, or the socket was shut down under the send)
     */
    int send(ByteBuffer direct) throws IOException {
        return send(direct, MSG_NOSIGNAL);
    }

    private int send(ByteBuffer direct, int flags) throws IOException {
        if (!direct.isDirect()) {
            throw new IllegalArgumentException("send needs a direct buffer");
        }
        ensureOpen();
        // jnr passes a direct buffer's start address: slice so the send begins at the position
        long sent = libc().send(fd, direct.slice(), direct.remaining(), flags);
        if (sent < 0) {
            failUnlessWouldBlock("send");
            return 0;
        }
        direct.position(direct.position() + (int) sent);
        return (int) sent;
    }

    private void ensureOpen() throws java.nio.channels.ClosedChannelException {
        if (!owner.isOpen()) {
            throw new java.nio.channels.ClosedChannelException();
        }
    }

    /** After a call that returned -1: returns when it would have blocked (or a signal came), else throws. */
    private static void failUnlessWouldBlock(String call) throws IOException {
        int errno = LastError.getLastError(Runtime.getRuntime(libc()));
        if (errno != EAGAIN && errno != EINTR) {
            throw new IOException(Errno.valueOf(errno).description() + " (" + call + "(), errno " + errno + ")");
        }
    }

    private static LibC libc() {
        LibC loaded = libc;
        if (loaded == null) {
            loaded = LibraryLoader.create(LibC.class).load("c");
            libc = loaded;
        }
        return loaded;
    }
}
