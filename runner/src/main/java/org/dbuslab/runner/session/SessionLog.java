package org.dbuslab.runner.session;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Progress lines: on stderr, and into logs/session.log (with the UTC time) once the folder exists; detail lines
 * (one per run) into the log only.
 */
public final class SessionLog {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final PrintStream err;
    private final Clock clock;
    private volatile Path file;

    public SessionLog(PrintStream err, Clock clock) {
        this.err = err;
        this.clock = clock;
    }

    /** From now on lines go to FILE too. */
    public void to(Path file) {
        this.file = file;
    }

    public synchronized void say(String line) {
        err.println(line);
        err.flush();
        append(TIME.format(clock.instant()) + " " + line);
    }

    /** A line for logs/session.log only (each run's line): stderr gets one line per block. */
    public synchronized void detail(String line) {
        append(TIME.format(clock.instant()) + " " + line);
    }

    /** The one error line on stderr ("run-all.sh: error: ..."), and "error: ..." into the log. */
    public synchronized void error(String prog, String message) {
        err.println(prog + ": error: " + message);
        err.flush();
        append("error: " + message);
    }

    private void append(String line) {
        Path f = file;
        if (f == null) {
            return;
        }
        try {
            Files.writeString(f, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the log is a copy of stderr: stderr still has the line
        }
    }
}
