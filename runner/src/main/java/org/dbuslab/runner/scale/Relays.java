package org.dbuslab.runner.scale;

import org.dbuslab.runner.exec.Child;
import org.dbuslab.runner.exec.CpuPlacement;
import org.dbuslab.runner.exec.JavaRuntime;
import org.dbuslab.runner.exec.Launch;
import org.dbuslab.runner.exec.Supervisor;
import org.dbuslab.runner.session.PlacementSwitch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The delay lines of the distance series: one scale-jar {@code relay} process per target and delay (0 included: the
 * relay's own floor), supervised
 * (stopped with everything else, also on Ctrl-C), started together and each ready when it prints
 * {@code ready ADDRESS} (the target's address through the relay).
 */
final class Relays {

    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    /** A running relay: the address clients use and its process (for the relay's CPU). */
    record Relay(String address, Child process) {
    }

    private final Map<String, Relay> relays = new LinkedHashMap<>();

    Relay get(String transport, double delayMs) {
        return relays.get(ScalePlan.relayKey(transport, delayMs));
    }

    /** Every relay as a placement target: an extra process, on the bus's CPU. */
    List<PlacementSwitch.Target> targets() {
        return relays.entrySet().stream().map(e -> new PlacementSwitch.Target("relay:" + e.getKey(),
            () -> e.getValue().process().alive() ? List.of(e.getValue().process().pid()) : List.<Long>of(),
            CpuPlacement.Role.EXTRA, true)).toList();
    }

    /**
     * Starts one relay per key (TRANSPORT@DELAY, 0 = no delay) in front of TARGETS' addresses, on CPUS (a pinned
     * placement's extra processes' CPU, the bus's); why not, per key, if one fails.
     */
    static Relays start(Supervisor supervisor, JavaRuntime java, Path scaleJar, Map<String, String> targets,
                        List<String> keys, Path logs, Map<String, String> failures, CpuPlacement.Cpus cpus)
        throws IOException, InterruptedException {
        Relays out = new Relays();
        Map<String, Child> starting = new LinkedHashMap<>();
        for (String key : keys) {
            String transport = key.substring(0, key.indexOf('@'));
            String delay = key.substring(key.indexOf('@') + 1);
            String target = targets.get(transport);
            if (target == null) {
                failures.put(key, transport + " is not running");
                continue;
            }
            Path base = logs.resolve("relay-" + transport + "-" + String.format(Locale.ROOT, "%s", delay) + "ms");
            starting.put(key, supervisor.start("relay:" + key, Launch.of(base,
                java.jar(scaleJar, List.of(), List.of("relay", "--target", target, "--delay-ms", delay))).on(cpus)));
        }
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        for (Map.Entry<String, Child> e : starting.entrySet()) {
            Child child = e.getValue();
            String address = null;
            while (address == null) {
                address = readyLine(child.out());
                if (address != null) {
                    break;
                }
                if (!child.alive() || System.nanoTime() > deadline) {
                    failures.put(e.getKey(), "relay did not start: " + child.lastComplaint());
                    supervisor.stop(child);
                    break;
                }
                Thread.sleep(50);
            }
            if (address != null) {
                out.relays.put(e.getKey(), new Relay(address, child));
            }
        }
        return out;
    }

    static String readyLine(Path out) {
        try {
            if (!Files.exists(out)) {
                return null;
            }
            for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
                if (line.startsWith("ready ")) {
                    return line.substring("ready ".length()).strip();
                }
            }
        } catch (IOException e) {
            // not readable yet
        }
        return null;
    }
}
