package org.dbuslab.analysis;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A results folder drawn from a known distribution: each cell's runs are log-normal around a chosen µs
 * per call with 1 % spread, transports interleaved round-robin as the lab runs them. Seeded, so a test
 * sees the same folder every time.
 */
final class SyntheticSession {

    static final int CALLS = 10000;
    static final double SPREAD = 0.01;

    /** µs per call by cell name "transport mode payload", e.g. "dbus-broker sync 1000". */
    static Map<String, Double> standardCells() {
        Map<String, Double> cells = new LinkedHashMap<>();
        cells.put("dbus-daemon sync 1000", 125.0);
        cells.put("dbus-broker sync 1000", 95.0);
        cells.put("dbus-daemon sync 10000", 160.0);
        cells.put("dbus-broker sync 10000", 120.0);
        return cells;
    }

    static Path write(Path dir, long seed, int runs, Map<String, Double> usPerCall) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder csv = new StringBuilder(Fixtures.RUNS_HEADER);
        Instant t = Instant.parse("2025-06-01T10:00:00Z");
        for (int run = 1; run <= runs; run++) {
            for (Map.Entry<String, Double> cell : usPerCall.entrySet()) {
                String[] name = cell.getKey().split(" ");
                double gaussian = Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
                long elapsedNs = Math.round(cell.getValue() * 1000 * CALLS * Math.exp(SPREAD * gaussian));
                csv.append(String.join(",", name[0], name[1], name[2], "1", String.valueOf(CALLS), String.valueOf(run),
                        String.valueOf(elapsedNs), "0", "0", "0", "measure", "echo", t.toString())).append('\n');
                t = t.plusSeconds(2);
            }
        }
        Fixtures.write(dir, "runs.csv", csv.toString());
        Fixtures.write(dir, "environment.json", "{\"hostname\": \"synthetic\"}");
        return dir;
    }
}
