package org.dbuslab.faults.support;

import org.dbuslab.format.Transport;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One bus and one echo server per transport for a test class whose cases stall the server and resume it
 * ({@code @RegisterExtension static final SharedServers SHARED = new SharedServers();}): the cases need not pay a
 * server start each, and everything stops after the class.
 */
public final class SharedServers implements AfterAllCallback {

    private final BusPool buses = new BusPool();
    private final ServerPool servers = new ServerPool(buses);

    /** A client served by this transport's shared server (resumed if a case left it stalled), its first run made. */
    public FaultCase.Served servedClient(FaultCase c, Transport transport, String mode) {
        return c.servedClient(servers.get(transport), transport, buses.get(transport), mode);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        servers.close();
        buses.close();
    }
}
