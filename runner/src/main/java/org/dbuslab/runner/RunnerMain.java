package org.dbuslab.runner;

import org.dbuslab.cli.LabCli;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.options.Preset;
import org.dbuslab.runner.options.SessionOptions;
import org.dbuslab.runner.scale.ScaleSession;
import org.dbuslab.runner.session.Session;
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
 * The session runner's entry point, exec'd by lab/run-all.sh (which checks the prerequisites and builds the
 * jars first). Exit codes as run-all.sh's --help says: 0 clean, 1 something failed, 2 bad command line or
 * --out already holds a runs.csv, 3 cannot run here, 130/143 interrupted. Bad input is one line on stderr.
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
        try {
            folder = Session.outFolder(parsed.config(), repo, clock.instant());
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
            log.error(SessionOptions.PROG, "session failed: " + e);
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
