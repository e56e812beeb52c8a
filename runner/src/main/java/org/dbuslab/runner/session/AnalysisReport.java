package org.dbuslab.runner.session;

import org.dbuslab.runner.exec.Child;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.Supervisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** The analysis jar's {@code report OUT}, supervised, for the session and the scale session alike. */
public final class AnalysisReport {

    static final Duration REPORT_TIMEOUT = Duration.ofMinutes(10);
    /**
     * The analysis JVM lives seconds: C1 only and the serial collector halve its CPU (a default session's report:
     * 6.4-7.7 against 12.0-16.6 CPU-s, in less wall time) and give the same summary.json byte for byte
     * (docs/EXPERIMENTS.md, "The report's JVM and the tests' sessions").
     */
    static final List<String> ANALYSIS_FLAGS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private AnalysisReport() {
    }

    /** True when report.md was written; otherwise the reason is in the log (and logs/analysis.err). */
    public static boolean write(Supervisor supervisor, LabLayout layout, JavaRuntime java, Path out, Path logs,
                                SessionLog log) throws IOException, InterruptedException {
        // the java binary the session's JVMs use, with every lab JVM's flags, but these instead of the measuring ones
        List<String> cmd = new JavaRuntime(java.java(), ANALYSIS_FLAGS).jar(layout.analysisJar(), List.of(),
            List.of("report", out.toString()));
        log.say("report: java -jar analysis/target/dbus-lab-analysis.jar report " + out);
        Child child = supervisor.start("analysis", Launch.of(logs.resolve("analysis"), cmd));
        int status = child.waitFor(REPORT_TIMEOUT).orElse(124);
        supervisor.stop(child);
        if (status != 0 || !Files.exists(out.resolve("report.md"))) {
            log.say("report FAILED: " + child.lastComplaint() + " (log: " + logs.resolve("analysis.err") + ")");
            return false;
        }
        return true;
    }
}
