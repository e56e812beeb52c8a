package org.dbuslab.runner;

import org.dbuslab.cli.LabCli;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.options.Preset;
import org.dbuslab.runner.options.SessionOptions;
import org.dbuslab.runner.scale.ScaleSession;
import org.dbuslab.runner.session.OutOfSpace;
import org.dbuslab.runner.session.Session;
import org.dbuslab.runner.session.SessionLock;
import org.dbuslab.runner.session.SessionLog;
import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * The session runner's entry point, started by lab/run-all.sh (which checks the prerequisites and builds the
 * jars first). Exit codes as --help says: 0 clean, 1 something failed, 2 bad command line or
 * --out already holds a runs.csv, 3 cannot run here (or another session is measuring), 130/143 interrupted. Bad
 * input is one line on stderr.
 */
public final class RunnerMain {

    private RunnerMain() {
    }

    public static void main(String[] args) {
        LabCli.exit(run(args, System.getenv(), System.out, System.err));
    }

    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        Clock clock = Clock.systemUTC();
        SessionOptions.Parsed parsed;
        try {
            parsed = SessionOptions.parse(clock, args);
        } catch (CommandLine.ParameterException e) {
            return LabCli.fail(err, SessionOptions.PROG, e.getMessage(), LabCli.USAGE);
        }
        if (parsed.helpRequested()) {
            out.print(SessionOptions.usage());
            out.flush();
            return LabCli.OK;
        }
        SessionLog log = new SessionLog(err, clock);
        Path repo = repository(env);
        LabLayout layout = LabLayout.of(repo);
        for (Path jar : layout.jars()) {
            if (!Files.isRegularFile(jar)) {
                log.error(SessionOptions.PROG, "missing " + repo.relativize(jar)
                    + " (run without --no-build, or build with mvn -B package -DskipTests)");
                return LabCli.MISSING_PREREQUISITE;
            }
        }
        Path folder = null;
        SessionLock lock = null;
        try {
            folder = Session.outFolder(parsed.config(), repo, clock.instant());
            try {
                lock = SessionLock.take(SessionLock.file(env), holder(env, folder, clock));
            } catch (SessionLock.Held held) {
                if (!parsed.allowConcurrent()) {
                    log.error(SessionOptions.PROG, "another session is measuring on this machine: " + held.getMessage()
                        + "; wait for it to end, or pass --allow-concurrent to measure beside it");
                    return LabCli.MISSING_PREREQUISITE;
                }
                log.say(SessionOptions.PROG + ": note: measuring beside another session (--allow-concurrent): "
                    + held.getMessage());
            } catch (java.io.IOException e) {
                log.say(SessionOptions.PROG + ": note: no session lock (" + SessionLock.file(env) + ": " + e.getMessage()
                    + "); another session would not be noticed");
            }
            try {
                SessionOptions.createOut(folder);
            } catch (CommandLine.ParameterException e) {
                log.error(SessionOptions.PROG, e.getMessage());
                return LabCli.USAGE;
            }
            boolean reportWritten;
            int code;
            if (parsed.config().preset() == Preset.SCALE) {
                ScaleSession scale = new ScaleSession(parsed.config(), ScaleSession.settings(parsed.config()), layout,
                    env, log, clock);
                code = scale.run(folder);
                reportWritten = scale.reportWritten();
            } else {
                Session session = new Session(parsed.config(), layout, env, log, clock);
                code = session.run(folder);
                reportWritten = session.reportWritten();
            }
            if (reportWritten) {
                // the only line on stdout, for scripts: report=$(lab/run-all.sh ...)
                out.println(folder.resolve("report.md"));
                out.flush();
            }
            return code;
        } catch (Session.CannotRun e) {
            log.error(SessionOptions.PROG, e.getMessage());
            return e.exitCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.error(SessionOptions.PROG, "interrupted");
            return LabCli.INTERRUPTED;
        } catch (Exception e) {
            // one line on stderr; the stack trace only into logs/session.log, for whoever debugs it
            log.error(SessionOptions.PROG, OutOfSpace.line(e, folder).orElse("session failed: " + e));
            if (folder != null) {
                StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                try {
                    Files.writeString(folder.resolve("logs/session.log"), trace.toString(),
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                } catch (java.io.IOException ignored) {
                    // stderr has the line
                }
            }
            return LabCli.FAILURE;
        } finally {
            closeQuietly(lock);
        }
    }

    /** What the lock holder says about itself: the launcher's pid (the runner's own is 1 in its namespace). */
    static String holder(Map<String, String> env, Path folder, Clock clock) {
        String pid = env.getOrDefault("LAB_SESSION_PID", Long.toString(ProcessHandle.current().pid()));
        return "pid " + pid + " (user " + System.getProperty("user.name") + ", since " + clock.instant()
            + "), results in " + folder;
    }

    private static void closeQuietly(SessionLock lock) {
        if (lock != null) {
            try {
                lock.close();
            } catch (java.io.IOException e) {
                // the lock dies with this JVM anyway
            }
        }
    }

    /** LAB_REPO (the launcher sets it), else the repository this jar was built in (runner/target/). */
    static Path repository(Map<String, String> env) {
        String repo = env.get("LAB_REPO");
        if (repo != null && !repo.isEmpty()) {
            return Path.of(repo).toAbsolutePath().normalize();
        }
        try {
            Path jar = Path.of(RunnerMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return jar.getParent().getParent().getParent();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Path.of("").toAbsolutePath();
        }
    }
}
