package org.dbuslab.lean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CLI's arguments, exit codes and its one line on stderr (a real bus: GetProductsIT). */
class GetProductsTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String env, String... args) {
        return GetProducts.run(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpIsExitZero() {
        assertEquals(0, run(null, "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: lean-get-products [--address ADDRESS]"));
        assertEquals("", err());
    }

    @Test
    void badArgumentsAreExitTwoWithOneLine() {
        assertEquals(2, run(null, "--verbose"));
        assertEquals("lean-get-products: error: unknown or incomplete argument '--verbose' (see --help)\n", err());
        err.reset();
        assertEquals(2, run(null, "--timeout-ms", "0"));
        assertEquals("lean-get-products: error: --timeout-ms needs a whole number from 1, got '0'\n", err());
        err.reset();
        assertEquals(2, run(null, "--address"));
        assertEquals(1, err().lines().count());
    }

    @Test
    void aBadAddressOrAMissingBusIsExitOneWithOneLine() {
        assertEquals(1, run("tcp:host=127.0.0.1,port=1"));
        assertEquals("lean-get-products: error: no unix:path= entry in D-Bus address 'tcp:host=127.0.0.1,port=1' "
            + "(this client speaks unix sockets only)\n", err());
        err.reset();
        Path missing = dir.resolve("no.sock");
        assertEquals(1, run("unix:path=/ignored", "--address", "unix:path=" + missing));
        assertEquals("lean-get-products: error: cannot connect to " + missing + ": No such file or directory\n", err());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aTimeoutIsExitOneWithOneLine() throws Exception {
        try (FakeBus bus = FakeBus.start(dir, 1, new byte[0], false)) {
            assertEquals(1, run(bus.address(), "--timeout-ms", "200"));
            assertEquals("lean-get-products: error: no reply within 200 ms from the bus at " + bus.path() + "\n", err());
        }
    }
}
