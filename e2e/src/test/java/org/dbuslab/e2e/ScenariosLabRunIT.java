package org.dbuslab.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's --quick session runs the client-library scenarios after the matrix: run-all.sh hands them to
 * run-scenarios.sh and the report takes them in. One bus here (QuickLabRunIT measures the matrix without them), so
 * the two heaviest e2e checks run in parallel forks instead of one after the other.
 */
class ScenariosLabRunIT {

    @TempDir
    Path tmp;

    @Test
    void quickSessionRunsTheScenariosAndReportsThem() throws Exception {
        Path out = tmp.resolve("results");
        LabRun.Outcome outcome = LabRun.run(tmp.resolve("run-all.log"), 600, LabRun.small("--transports", "dbus-broker",
            "--blocks", "1", "--scenarios", "cold-start,property-reads,property-freshness", "--out", out.toString()));
        assertEquals(0, outcome.exitCode(), outcome.stderr() + scenarioLogs(out));

        List<String> cold = Files.readAllLines(out.resolve("scenarios/cold-start.csv"));
        List<String> header = List.of(cold.get(0).split(","));
        int contender = header.indexOf("contender");
        int ok = header.indexOf("ok");
        for (String c : List.of("baseline", "java", "java-cds", "java-lean", "busctl")) {
            List<String> runs = cold.stream().skip(1).map(r -> r.split(",", -1))
                .filter(f -> f[contender].equals(c)).map(f -> f[ok]).toList();
            assertTrue(!runs.isEmpty() && runs.stream().allMatch("true"::equals), c + " cold-start runs: " + runs);
        }
        assertTrue(cold.stream().skip(1).allMatch(r -> r.startsWith("dbus-broker,")), "only the bus asked for");
        List<String> reads = Files.readAllLines(out.resolve("scenarios/property-reads.csv"));
        int readsOk = List.of(reads.get(0).split(",")).indexOf("ok");
        assertTrue(reads.size() > 1 && reads.stream().skip(1).allMatch(r -> r.split(",", -1)[readsOk].equals("true")),
            String.join("\n", reads));
        List<String> fresh = Files.readAllLines(out.resolve("scenarios/freshness.csv"));
        int stale = List.of(fresh.get(0).split(",")).indexOf("stale_reads");
        assertEquals(2, fresh.size(), String.join("\n", fresh));
        assertEquals("0", fresh.get(1).split(",", -1)[stale], "no stale read: " + fresh.get(1));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## Client-library scenarios"), "the report has the scenarios section");
        assertTrue(report.contains("The seed's cold start today, on dbus-broker"), "and a finding about them");
    }

    /** The last lines of every scenario log with something in it: a failed scenario's reason, before @TempDir goes. */
    private static String scenarioLogs(Path out) throws java.io.IOException {
        Path logs = out.resolve("scenarios/logs");
        if (!Files.isDirectory(logs)) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        try (var files = Files.walk(logs)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                List<String> lines = Files.readAllLines(f, java.nio.charset.StandardCharsets.ISO_8859_1);
                if (!lines.isEmpty()) {
                    text.append("\n--- ").append(logs.relativize(f)).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
                }
            }
        }
        return text.toString();
    }
}
