package org.dbuslab.api.transport;

import jnr.enxio.channels.NativeSelectableChannel;
import jnr.ffi.LibraryLoader;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.Optional;

/**
 * Waits in {@code poll(POLLIN)} until a unix socket has data, before the read. A thread blocked in {@code read()}
 * on a unix socket is also woken each time the peer drains what this side wrote (the kernel's "write space"
 * wake-up); a server that reads right after answering is woken twice per call. poll() asks only for POLLIN, so
 * the kernel skips that wake-up — as libdbus's main loop does.
 */
final class ReadableWait {

    /** libc's poll(2). */
    public interface LibC {
        int poll(ByteBuffer fds, int nfds, int timeoutMillis);
    }

    private static final short POLLIN = 0x1;
    private static volatile LibC libc;

    private final int fd;
    private final ByteBuffer pollfd = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()); // struct pollfd

    private ReadableWait(int fd) {
        this.fd = fd;
    }

    /** A wait for jnr's native channels (unix sockets); empty for the JDK's own channels (TCP). */
    static Optional<ReadableWait> forChannel(SocketChannel channel) {
        if (channel instanceof NativeSelectableChannel nativeChannel) {
            return Optional.of(new ReadableWait(nativeChannel.getFD()));
        }
        return Optional.empty();
    }

    /**
     * @return true when the socket is readable or in error (the read that follows tells which), false when the
     *         timeout passed or a signal interrupted the wait
     */
    boolean await(int timeoutMillis) {
        pollfd.putInt(0, fd);
        pollfd.putShort(4, POLLIN);
        pollfd.putShort(6, (short) 0);
        return libc().poll(pollfd, 1, timeoutMillis) > 0;
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
