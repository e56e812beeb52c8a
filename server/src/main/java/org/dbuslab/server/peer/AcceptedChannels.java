package org.dbuslab.server.peer;

import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands a socket the lab accepted itself to the dbus-java transport created for it.
 * dbus-java builds transports from an address string only, so the address carries an id into this table.
 */
public final class AcceptedChannels {

    /** Address type under which {@link AcceptedChannelTransportProvider} is registered. */
    public static final String ADDRESS_TYPE = "dbuslab-accepted";

    private static final Map<Long, SocketChannel> WAITING = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT_ID = new AtomicLong();

    private AcceptedChannels() {
    }

    /** Parks {@code channel} and returns the listening address that lets dbus-java pick it up. */
    public static String register(SocketChannel channel, String guid) {
        long id = NEXT_ID.incrementAndGet();
        WAITING.put(id, channel);
        return ADDRESS_TYPE + ":id=" + id + ",listen=true,guid=" + guid;
    }

    /** Takes the channel parked under {@code id}; each channel is taken exactly once. */
    static SocketChannel take(long id) {
        SocketChannel channel = WAITING.remove(id);
        if (channel == null) {
            throw new IllegalStateException("no accepted channel under id " + id);
        }
        return channel;
    }
}
