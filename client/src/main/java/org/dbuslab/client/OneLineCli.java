package org.dbuslab.client;

import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Runs one of the client module's commands the lab's way: help and usage on the given streams, and a bad option
 * or a failure as one line {@code PROG: error: …} on stderr, never a stack trace. Nothing here calls System.exit.
 */
public final class OneLineCli {

    /** Exit code of a bad option or argument. */
    private static final int USAGE_ERROR = 2;

    private OneLineCli() {
    }

    /**
     * @param failureExit the exit code when the command itself throws
     * @return the command's exit code
     */
    public static int execute(Object command, String prog, int failureExit, String[] args, PrintStream out,
                              PrintStream err) {
        CommandLine cli = new CommandLine(command);
        cli.registerConverter(Integer.class, OneLineCli::wholeNumber);
        cli.registerConverter(int.class, OneLineCli::wholeNumber);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, a) -> {
            err.println(prog + ": error: " + e.getMessage() + " (see --help)");
            return USAGE_ERROR;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.println(prog + ": error: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            return failureExit;
        });
        return cli.execute(args);
    }

    /** picocli calls a whole number too large for an int "not an int"; this says what is wrong with it. */
    private static Integer wholeNumber(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            if (text.strip().matches("[-+]?\\d+")) {
                throw new CommandLine.TypeConversionException("'" + text + "' is out of range (whole numbers from "
                    + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")");
            }
            throw new CommandLine.TypeConversionException("'" + text + "' is not a whole number");
        }
    }
}
