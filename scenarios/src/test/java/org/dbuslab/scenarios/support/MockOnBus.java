package org.dbuslab.scenarios.support;

import org.dbuslab.testkit.PrivateBus;
import org.dbuslab.server.installer.InstallerMock;
import org.dbuslab.server.installer.ProductCatalog;

/** A private bus with the installer mock on it, both stopped by close(). */
public final class MockOnBus implements AutoCloseable {

    private final PrivateBus bus;
    private final InstallerMock mock;

    private MockOnBus(PrivateBus bus, InstallerMock mock) {
        this.bus = bus;
        this.mock = mock;
    }

    public static MockOnBus start(String transport, int products) throws Exception {
        PrivateBus bus = PrivateBus.start(transport);
        try {
            return new MockOnBus(bus, InstallerMock.start(bus.address(), ProductCatalog.of(products)));
        } catch (Exception e) {
            bus.close();
            throw e;
        }
    }

    public String address() {
        return bus.address();
    }

    public InstallerMock mock() {
        return mock;
    }

    @Override
    public void close() throws Exception {
        mock.close();
        bus.close();
    }
}
