package org.dbuslab.cli;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A shutdown hook that never returns does not keep a lab program alive: it is halted with its exit code. */
class LabExitTest {

    @Test
    void aHangingShutdownHookEndsInAHaltWithTheSameCodeAndOneLine() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
            System.getProperty("java.class.path"), HangingHookMain.class.getName()).start();
        boolean ended = p.waitFor(120, TimeUnit.SECONDS); // a bound for a stuck build only: the halt comes after 5 s
        if (!ended) {
            p.destroyForcibly();
        }
        assertTrue(ended, "halted, not hung");
        assertEquals(3, p.exitValue());
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(List.of("warning: exiting took more than 5 s (a shutdown hook did not return): halted with exit code 3"),
            err.lines().toList());
    }
}
