package org.dbuslab.cli;

import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Runs a main of the lab the lab's way: help and version on stdout (exit 0), a bad option or argument as one line
 * {@code PROG: error: … (see --help)} on stderr (exit 2), a failing command as one line {@code PROG: error: …}
 * with its own exit code, never a stack trace. Nothing here calls System.exit but {@link #exit(int)}, so tests
 * run the whole command line in-process.
 */
public final class LabCli {

    /** Done, clean. */
    public static final int OK = 0;
    /** The command ran and something failed (a lost call, an unreadable file, a lost bus). */
    public static final int FAILURE = 1;
    /** Bad usage: an unknown option, a missing or malformed argument. */
    public static final int USAGE = 2;
    /** Cannot run here: a prerequisite (a tool, a built jar) is missing. */
    public static final int MISSING_PREREQUISITE = 3;
    /** Interrupted (128 + SIGINT), as a shell reports it. */
    public static final int INTERRUPTED = 130;

    /** What a failing command prints after {@code PROG: error: }, and the exit code it ends with. */
    public record Failure(String message, int exitCode) {
    }

    /** Turns what a command threw into its {@link Failure}. */
    @FunctionalInterface
    public interface FailureReport {
        Failure of(Exception e);
    }

    private LabCli() {
    }

    /**
     * The lab's usual command: whole-number options as {@link WholeNumbers} reads them, and a failure's own
     * message (see {@link OneLine#message}) with {@code failureExit}.
     *
     * @return the command's exit code
     */
    public static int execute(Object command, String prog, int failureExit, String[] args, PrintStream out,
                              PrintStream err) {
        CommandLine cli = new CommandLine(command);
        WholeNumbers.register(cli);
        return execute(cli, prog, e -> new Failure(OneLine.message(e), failureExit), args, new PrintWriter(out, true),
            new PrintWriter(err, true));
    }

    /**
     * Runs {@code cli} (subcommands and converters already added) with the lab's streams and error lines; a
     * failure is reported as {@code report} says.
     *
     * @return the command's exit code
     */
    public static int execute(CommandLine cli, String prog, FailureReport report, String[] args, PrintWriter out,
                              PrintWriter err) {
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, ignored) -> fail(err, prog, e.getMessage() + " (see --help)", USAGE));
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            Failure failure = report.of(e);
            return fail(err, prog, failure.message(), failure.exitCode());
        });
        return cli.execute(args);
    }

    /** {@code PROG: error: MESSAGE}, the message on one line. */
    public static String errorLine(String prog, String message) {
        return prog + ": error: " + OneLine.collapse(message);
    }

    /** Prints {@link #errorLine} on {@code err} and returns {@code exitCode}, for a main's own checks. */
    public static int fail(PrintStream err, String prog, String message, int exitCode) {
        err.println(errorLine(prog, message));
        err.flush();
        return exitCode;
    }

    /** The same on a writer. */
    public static int fail(PrintWriter err, String prog, String message, int exitCode) {
        err.println(errorLine(prog, message));
        err.flush();
        return exitCode;
    }

    /** Ends the JVM with {@code code}: the one place a main of the lab exits. */
    public static void exit(int code) {
        System.exit(code);
    }

    /**
     * As {@link #exit}, but a JVM still exiting {@link #EXIT_BOUND} later is halted with the same code, after one line
     * on stderr. For a program whose results are written before it exits and that has no shutdown work of its own
     * worth waiting for (the echo client): System.exit waits for every shutdown hook, and a client whose run had ended
     * clean, beside a stalled client on dbus-broker, its connection closed within its 5 s bound, was still there 30 s
     * later, most likely in a hook of dbus-java's (ClientFaultIT in CI, 2837bbd and 3d727a1; its thread dump came back
     * empty, as an exiting JVM's does). Not for the runner: its hook stops every process it started.
     */
    public static void exitWithin(int code) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(EXIT_BOUND.toMillis());
                // the line from a thread of its own: a hook blocked on a full stderr must not block the halt too
                Thread say = new Thread(() -> {
                    System.err.println("warning: exiting took more than " + EXIT_BOUND.toSeconds() + " s (a shutdown"
                        + " hook did not return): halted with exit code " + code);
                    System.err.flush();
                }, "lab-exit-watchdog-line");
                say.setDaemon(true);
                say.start();
                say.join(SAY_BOUND.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(code);
        }, "lab-exit-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        System.exit(code);
    }

    /** How long System.exit may take before {@link #exitWithin} halts the JVM. */
    static final java.time.Duration EXIT_BOUND = java.time.Duration.ofSeconds(5);
    /** How long the halt waits for its line to be written. */
    private static final java.time.Duration SAY_BOUND = java.time.Duration.ofMillis(500);
}
