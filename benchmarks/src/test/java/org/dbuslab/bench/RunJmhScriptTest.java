package org.dbuslab.bench;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lab/run-jmh.sh's command line: help, and one line + exit 2 for bad input (before anything runs). */
class RunJmhScriptTest {

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) throws Exception {
        Path script = PrivateDbusDaemon.script().script().resolveSibling("run-jmh.sh");
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Outcome(p.exitValue(), out, err);
    }

    @Test
    void helpExplainsFlagsOutputsAndExitCodes() throws Exception {
        Outcome o = run("--help");
        assertEquals(0, o.code());
        for (String expected : new String[] {"--quick", "--out DIR", "jmh.json", "jmh.md", "environment.json",
            "-f 2 -wi 5 -i 5 -w 1s -r 1s", "Exit codes"}) {
            assertTrue(o.out().contains(expected), "help lacks " + expected);
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        String[][] bad = {{"--bogus"}, {"stray"}, {"--out"}, {"--no-build", "--rebuild"}, {"--", "-rf", "csv"},
            {"--", "-rff=x.json"}};
        for (String[] args : bad) {
            Outcome o = run(args);
            assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
            assertEquals(1, o.err().lines().count(), String.join(" ", args) + ": " + o.err());
            assertTrue(o.err().startsWith("run-jmh.sh: error: "), o.err());
            assertEquals("", o.out());
        }
    }
}
