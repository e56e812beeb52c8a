package org.dbuslab.server.faults;

import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * close() after the bus died (what the server's shutdown hook does once it printed "lost the bus connection"):
 * no ReleaseName to the dead bus and no wait for its reply, so it returns at once, not after dbus-java's call timeout.
 */
@Timeout(120)
class BusEchoServerCloseIT {

    @RepeatedTest(3)
    void closeAfterTheBusDiedReturnsPromptly() throws Exception {
        CompletableFuture<String> lost = new CompletableFuture<>();
        BusEchoServer server;
        try (PrivateBus bus = PrivateBus.start("dbus-daemon")) {
            server = BusEchoServer.start(bus.address(), new EchoService(), 10_000, lost::complete);
        } // the bus is stopped here
        lost.get(30, TimeUnit.SECONDS);
        long start = System.nanoTime();
        server.close();
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 3_000, "close took " + millis + " ms after the bus died");
    }
}
