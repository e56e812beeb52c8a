package org.dbuslab.server.peer;

import org.freedesktop.dbus.connections.BusAddress;
import org.freedesktop.dbus.connections.config.TransportConfig;
import org.freedesktop.dbus.connections.transports.AbstractTransport;
import org.freedesktop.dbus.exceptions.TransportConfigurationException;
import org.freedesktop.dbus.spi.transport.ITransportProvider;

import java.io.IOException;
import java.util.Locale;

/** Registered through META-INF/services so dbus-java builds {@link AcceptedChannelTransport}s for our addresses. */
public final class AcceptedChannelTransportProvider implements ITransportProvider {

    @Override
    public String getTransportName() {
        return "dbus-lab accepted channel";
    }

    @Override
    public AbstractTransport createTransport(BusAddress address, TransportConfig config) throws TransportConfigurationException {
        try {
            long id = Long.parseLong(address.getParameterValue("id"));
            return new AcceptedChannelTransport(address, config, AcceptedChannels.take(id));
        } catch (IOException | RuntimeException e) {
            throw new TransportConfigurationException("cannot adopt accepted channel: " + e.getMessage(), e);
        }
    }

    @Override
    public String getSupportedBusType() {
        return AcceptedChannels.ADDRESS_TYPE.toUpperCase(Locale.ROOT);
    }

    @Override
    public String createDynamicSessionAddress(boolean listeningSocket) {
        throw new UnsupportedOperationException("accepted channels have no dynamic session address");
    }
}
