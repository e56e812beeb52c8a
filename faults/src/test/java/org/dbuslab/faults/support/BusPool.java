package org.dbuslab.faults.support;

import java.util.EnumMap;
import java.util.Map;

import org.dbuslab.format.Transport;

/** One bus per transport for the cases of a test class that leave the bus itself alone; closed after them. */
public final class BusPool implements AutoCloseable {

    private final Map<Transport, FaultBus> buses = new EnumMap<>(Transport.class);

    /** The shared bus of {@code transport}, started on first use; null for a peer-to-peer transport. */
    public synchronized FaultBus get(Transport transport) {
        if (!transport.isBus()) {
            return null;
        }
        return buses.computeIfAbsent(transport, FaultBus::start);
    }

    @Override
    public synchronized void close() {
        buses.values().forEach(FaultBus::close);
        buses.clear();
    }
}
