package org.dbuslab.client.control;

import org.dbuslab.client.ClientMain;
import org.dbuslab.client.raw.RawEchoClient;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --control on both clients' command lines: explained by --help, and --csv refused with it in one line. */
class ControlOptionTest {

    @Test
    void helpExplainsControlMode() {
        for (String help : new String[] {run(true, "--help")[1], run(false, "--help")[1]}) {
            assertTrue(help.contains("--control") && help.contains("'run PHASE TAG PAYLOAD_BYTES WINDOW CALLS SEED'")
                && help.contains("'done TAG"), help);
        }
    }

    @Test
    void csvIsRefusedWithControlInOneLine() {
        for (boolean dbus : new boolean[] {true, false}) {
            String[] result = run(dbus, "--control", "--address", "unix:path=/nonexistent", "--csv", "runs.csv");
            assertEquals("2", result[0]);
            assertTrue(result[2].contains("--csv does not go with --control"), result[2]);
            assertEquals(1, result[2].strip().lines().count(), result[2]);
            assertEquals("", result[1]);
        }
    }

    /** exit code, stdout, stderr */
    private static String[] run(boolean dbus, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = dbus ? ClientMain.run(args, o, e) : RawEchoClient.run(args, o, e);
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }
}
