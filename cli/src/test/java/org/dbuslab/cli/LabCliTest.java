package org.dbuslab.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LabCliTest {

    @Command(name = "demo", mixinStandardHelpOptions = true, description = "A command for the tests.")
    static final class Demo implements Callable<Integer> {
        @Option(names = "--count", defaultValue = "1")
        int count;

        @Option(names = "--fail", description = "Throw instead of running.")
        boolean fail;

        @Override
        public Integer call() throws IOException {
            if (fail) {
                throw new IOException("cannot read results/runs.csv", new RuntimeException("No such file"));
            }
            return count == 7 ? 5 : LabCli.OK;
        }
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return LabCli.execute(new Demo(), "demo", 4, args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aCleanRunReturnsTheCommandsOwnCode() {
        assertEquals(0, run());
        assertEquals(5, run("--count", "7"));
        assertEquals("", err());
    }

    @Test
    void anUnknownOptionIsOneLineAndUsage() {
        assertEquals(LabCli.USAGE, run("--bogus"));
        assertEquals("demo: error: Unknown option: '--bogus' (see --help)\n", err());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFailingCommandIsOneLineWithTheFailureCodeAndNoStackTrace() {
        assertEquals(4, run("--fail"));
        assertEquals("demo: error: cannot read results/runs.csv\n", err());
        assertFalse(err().contains("\tat "), err());
    }

    @Test
    void helpGoesToStdoutWithExitZero() {
        assertEquals(LabCli.OK, run("--help"));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.startsWith("Usage: demo"), help);
        assertTrue(help.contains("A command for the tests."), help);
        assertEquals("", err());
    }

    @Test
    void aWholeNumberTooLargeForAnIntSaysOutOfRange() {
        assertEquals(LabCli.USAGE, run("--count", "99999999999"));
        assertEquals("demo: error: Invalid value for option '--count': '99999999999' is out of range (whole numbers "
            + "from -2147483648 to 2147483647) (see --help)\n", err());
    }

    @Test
    void aNumberThatIsNotWholeSaysSo() {
        assertEquals(LabCli.USAGE, run("--count", "1.5"));
        assertEquals("demo: error: Invalid value for option '--count': '1.5' is not a whole number (see --help)\n",
            err());
    }

    @Test
    void aFailureReportChoosesTheMessageAndTheCode() {
        StringWriter text = new StringWriter();
        int code = LabCli.execute(new CommandLine(new Demo()), "demo",
            e -> new LabCli.Failure("internal error: " + OneLine.withCauses(e), LabCli.FAILURE),
            new String[] {"--fail"}, new PrintWriter(new StringWriter(), true), new PrintWriter(text, true));
        assertEquals(LabCli.FAILURE, code);
        assertEquals("demo: error: internal error: cannot read results/runs.csv: No such file" + System.lineSeparator(),
            text.toString());
    }

    @Test
    void anErrorLineIsOneLine() {
        assertEquals("demo: error: first line second line", LabCli.errorLine("demo", "first line \n  second line"));
        assertEquals(7, LabCli.fail(new PrintStream(err, true, StandardCharsets.UTF_8), "demo", "a\r\nb", 7));
        assertEquals("demo: error: a b\n", err().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aThrowableWithoutMessageSaysWhatItIs() {
        assertEquals("java.lang.NullPointerException", OneLine.message(new NullPointerException()));
        assertEquals("outer: inner", OneLine.withCauses(new IllegalStateException("outer",
            new RuntimeException("inner", new RuntimeException("outer")))));
    }
}
