package org.dbuslab.runner.session;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.runner.exec.Child;
import org.dbuslab.format.Placement;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.LabLayout;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.runner.options.SessionConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * environment.json: machine, OS, JVM and bus versions from the client jar's EnvironmentCapture (run with the
 * measuring JVMs' flags), plus what this session chose: precision target, budget, placement, block order and
 * its seed. When the capture cannot run, the facts this JVM knows, marked as such.
 */
public final class EnvironmentFile {

    static final String CAPTURE_CLASS = "org.dbuslab.client.env.EnvironmentCapture";
    private static final Duration CAPTURE_TIMEOUT = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();

    private EnvironmentFile() {
    }

    /** Writes OUT/environment.json; says so when it had to fall back. */
    public static void write(Supervisor supervisor, JavaRuntime java, LabLayout jars, SessionConfig config, CpuPlacement cpus,
                             Path out,
                             Path logs, SessionLog log) throws IOException, InterruptedException {
        Path file = out.resolve("environment.json");
        Launch launch = Launch.of(logs.resolve("environment"),
            java.main(jars.clientJar(), CAPTURE_CLASS, List.of("--out", file.toString())));
        Child capture = supervisor.start("environment", launch);
        int status;
        try {
            status = capture.waitFor(CAPTURE_TIMEOUT).orElse(124);
        } finally {
            supervisor.stop(capture);
        }
        ObjectNode facts;
        if (status == 0 && Files.exists(file) && Files.size(file) > 0) {
            facts = (ObjectNode) JSON.readTree(file.toFile());
        } else {
            log.say("note: " + CAPTURE_CLASS + " not usable (" + capture.lastComplaint()
                + "); writing environment.json from the runner's own facts");
            facts = fallback(java);
        }
        addSession(facts, config, cpus);
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), facts);
    }

    static void addSession(ObjectNode facts, SessionConfig c, CpuPlacement cpus) {
        facts.put("preset", c.preset().name());
        if (c.stopping().precisionTarget()) {
            facts.put("precision_pct", c.stopping().precisionPct());
        } else {
            facts.putNull("precision_pct");
        }
        facts.put("fixed_blocks", c.stopping().fixedBlocks());
        facts.put("min_blocks", c.stopping().minBlocks());
        facts.put("budget_s", c.stopping().budget().toSeconds());
        facts.put("warmup_budget_s", c.stopping().warmupBudget().toSeconds());
        if (c.run().runTarget() != null) { // the analysis judges the measured runs' length against it
            facts.put("run_ms", c.run().runTarget().toMillis());
        } else {
            facts.putNull("run_ms");
        }
        facts.put("placement", String.join(",", c.arrangement().placements().stream().map(Placement::label).toList()));
        facts.put("rotation", c.arrangement().rotation() ? "on" : "off");
        facts.put("placement_cpus", String.join("; ", c.arrangement().placements().stream().map(cpus::describe).toList()));
        facts.put("order", c.arrangement().order().label());
        facts.put("order_seed", c.arrangement().orderSeed());
        facts.put("session_started_utc", c.stopping().startedAt().truncatedTo(ChronoUnit.MILLIS).toString());
        facts.put("runner", "org.dbuslab.runner (runner/target/dbus-lab-runner.jar)");
    }

    private static ObjectNode fallback(JavaRuntime java) {
        ObjectNode f = JSON.createObjectNode();
        f.put("date_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        f.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        f.put("cpu_count", Runtime.getRuntime().availableProcessors());
        f.put("java_version", System.getProperty("java.version"));
        f.put("java_vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        f.put("jvm_flags", java.flagsText());
        f.put("environment_source", "session runner (fallback: the runner's own JVM)");
        return f;
    }
}
