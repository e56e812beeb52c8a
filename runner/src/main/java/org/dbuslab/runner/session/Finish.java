package org.dbuslab.runner.session;

import org.dbuslab.format.RunsCsv;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.exec.Child;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.runner.options.SessionConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The session's two steps around the measurements. First the scenarios (lab/run-scenarios.sh with the same
 * preset and --out; it starts and stops its own buses), before the session's own buses start: the blocks then
 * get whatever time they leave, so --budget holds however long they take (2.5 min under load against 40 s
 * reserved, when they came last). Last, with every bus and server stopped, the analysis jar's report. Both are
 * supervised, so an interrupt stops them too.
 */
final class Finish {

    private static final Duration SCENARIOS_TIMEOUT = Duration.ofMinutes(30);
    /**
     * Cold-start runs per contender and bus in a default session: the scenarios' own default (50, the seed's 100
     * per contender over two buses) took 1 min 30 s of the 10-minute budget in the three JVM contenders alone, and with
     * 20 the scenarios still took 2 min 7 s of it on a 2-vCPU AMD EPYC VM (session N, 2026-12-07), where issue 21 puts
     * the matrix first: 10 fewer runs give the blocks back an estimated 40 s. 10 runs still put java-lean on JDK 25
     * within 10× busctl by a wide margin (5.0×, 95% CI 4.9-5.4, over 20).
     */
    static final int SESSION_COLD_RUNS = 10;

    private final SessionConfig config;
    private final LabLayout layout;
    private final SessionLog log;
    private final Tally tally;

    Finish(SessionConfig config, LabLayout layout, SessionLog log, Tally tally) {
        this.config = config;
        this.layout = layout;
        this.log = log;
        this.tally = tally;
    }

    /** The scenarios, when the session has any. */
    void scenarios(Path out, Path logs) throws IOException, InterruptedException {
        if (config.others().scenarios().isEmpty()) {
            return;
        }
        SignalExit.parkIfInterrupted();
        try (Supervisor supervisor = supervisor(logs)) {
            scenarios(supervisor, out, logs);
        }
    }

    /** The report; true when report.md was written. */
    boolean report(Path out, Path logs, JavaRuntime java) throws IOException, InterruptedException {
        SignalExit.parkIfInterrupted();
        try (Supervisor supervisor = supervisor(logs)) {
            return report(supervisor, out, logs, java);
        }
    }

    private Supervisor supervisor(Path logs) {
        return new Supervisor(Session.STOP_GRACE, log::say).installShutdownHook().recordPidsIn(logs.resolve("processes.tsv"));
    }

    private void scenarios(Supervisor supervisor, Path out, Path logs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", layout.scenariosScript().toString()));
        cmd.addAll(scenariosPreset(config));
        cmd.addAll(List.of("--no-build", "--scenarios", String.join(",", config.others().scenarios()), "--buses",
            String.join(",", scenarioBuses(config)), "--out", out.toString()));
        log.say("== scenarios: lab/run-scenarios.sh " + String.join(" ", cmd.subList(2, cmd.size()))
            + " (log: " + logs.resolve("scenarios.err") + ")");
        long started = System.nanoTime();
        Child child = supervisor.start("scenarios", Launch.of(logs.resolve("scenarios"), cmd));
        int status = child.waitFor(SCENARIOS_TIMEOUT).orElse(124);
        supervisor.stop(child);
        log.say("   scenarios took " + org.dbuslab.runner.options.Durations.format(Duration.ofNanos(System.nanoTime() - started)));
        if (status != 0) {
            tally.scenariosFailed();
            log.say("scenarios FAILED (exit " + status + "): " + child.lastComplaint());
        }
    }

    /**
     * The buses the scenarios run on: those of the session's transports (dbus-daemon-tcp is dbus-daemon), so a
     * session on one bus gets its scenarios on that bus; both when the session measures no bus.
     */
    static List<String> scenarioBuses(SessionConfig config) {
        List<String> buses = new ArrayList<>();
        if (config.matrix().has(Transport.DBUS_DAEMON) || config.matrix().has(Transport.DBUS_DAEMON_TCP)) {
            buses.add(Transport.DBUS_DAEMON.label());
        }
        if (config.matrix().has(Transport.DBUS_BROKER)) {
            buses.add(Transport.DBUS_BROKER.label());
        }
        return buses.isEmpty() ? List.of(Transport.DBUS_DAEMON.label(), Transport.DBUS_BROKER.label()) : buses;
    }

    /** run-scenarios.sh's preset options for this session's preset. */
    static List<String> scenariosPreset(SessionConfig config) {
        return config.preset() == org.dbuslab.runner.options.Preset.DEFAULT ? List.of("--cold-runs", String.valueOf(SESSION_COLD_RUNS))
            : List.of("--" + config.preset().name());
    }

    private boolean report(Supervisor supervisor, Path out, Path logs, JavaRuntime java)
        throws IOException, InterruptedException {
        if (!Files.exists(out.resolve(RunsCsv.FILE)) || Files.size(out.resolve(RunsCsv.FILE)) == 0) {
            log.say("no runs.csv: nothing for the report");
            return false;
        }
        if (!AnalysisReport.write(supervisor, layout, java, out, logs, log)) {
            tally.reportFailed();
            return false;
        }
        return true;
    }
}
