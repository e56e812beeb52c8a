package org.dbuslab.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bus.sh up and down through BusScript: a real dbus-daemon, and a launcher that fails. */
class BusScriptIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Test
    void upPrintsAnAddressAndDownStopsTheBus(@TempDir Path dir) throws Exception {
        BusScript script = BusScript.find();
        String address;
        try {
            address = script.up("dbus-daemon", dir, List.of(), Map.of(), dir.resolve("up.err"), TIMEOUT);
        } catch (BusScript.StartFailed e) {
            if ("true".equals(System.getenv("CI"))) {
                throw e;
            }
            Assumptions.abort("dbus-daemon could not start: " + e.getMessage());
            return;
        }
        try {
            assertTrue(address.startsWith("unix:"), address);
            assertTrue(Files.isRegularFile(dir.resolve("pids")), "bus.sh records what it started");
        } finally {
            script.down(dir, TIMEOUT);
        }
        assertFalse(Files.exists(dir.resolve("address")), "down removes the address");
    }

    @Test
    void aFailedStartIsTheLaunchersLastLine(@TempDir Path dir) throws Exception {
        Path fake = Files.writeString(dir.resolve("bus.sh"), "echo 'starting' >&2\necho 'bus.sh: dbus-daemon not found' >&2\nexit 3\n");
        BusScript.StartFailed e = assertThrows(BusScript.StartFailed.class, () -> new BusScript(fake)
            .up("dbus-daemon", dir, List.of(), Map.of(), dir.resolve("up.err"), TIMEOUT));
        assertEquals("bus.sh: dbus-daemon not found", e.getMessage());
    }
}
