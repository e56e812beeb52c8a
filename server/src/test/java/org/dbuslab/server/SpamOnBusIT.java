package org.dbuslab.server;

import org.dbuslab.api.EchoContract;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** libdbus's dbus-test-tool spam, the lab's libdbus>dbus-java pair, is still answered by the Java server. */
class SpamOnBusIT {

    @Test
    @Timeout(60)
    void dbusTestToolSpamIsAnswered() throws Exception {
        try (PrivateBus bus = PrivateBus.start("dbus-daemon");
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService())) {
            ProcessBuilder spam = new ProcessBuilder("dbus-test-tool", "spam", "--dest=" + EchoContract.BUS_NAME,
                "--count=50", "--queue=4").redirectErrorStream(true);
            spam.environment().put("DBUS_SESSION_BUS_ADDRESS", bus.address()); // dbus-test-tool has no --address
            Process process = spam.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "spam did not finish: " + output);
            assertEquals(0, process.exitValue(), output);
            // spam exits 0 even when every reply is an error; it says so per reply
            assertTrue(!output.contains("Failed to receive reply"), output);
        }
    }
}
