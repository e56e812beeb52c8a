package org.dbuslab.e2e;

import org.junit.jupiter.api.Assumptions;
import org.dbuslab.testkit.TestJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session whose JVMs (runner, servers, clients) run with the Turkish default locale, started from another working
 * directory with TMPDIR on another filesystem; then its report under the C, German and Turkish locales: decimal
 * points everywhere, and the same report whatever the locale.
 */
class LocaleLabRunIT {

    /** A digit, a comma, a digit: a decimal comma (the TSV and JSON files have no other reason to write that). */
    private static final Pattern DECIMAL_COMMA = Pattern.compile("\\d,\\d");
    private static final List<String> GERMAN = List.of("-Duser.language=de", "-Duser.country=DE");
    private static final List<String> TURKISH = List.of("-Duser.language=tr", "-Duser.country=TR");

    @TempDir
    Path tmp;

    @Test
    void aTurkishSessionFromElsewhereWritesTheSameNumbersInEveryLocale() throws Exception {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm) && !Files.getFileStore(shm).equals(Files.getFileStore(tmp)),
            "no /dev/shm on another filesystem than " + tmp);
        Path otherTmp = Files.createTempDirectory(shm, "lab-locale-it.");
        try {
            Path out = tmp.resolve("session").resolve("results");
            Path log = tmp.resolve("run-all.log");
            Files.createDirectories(out.getParent());
            LabRun.Outcome session = LabRun.await(LabRun.start(log, Map.of("TMPDIR", otherTmp.toString(),
                "JAVA_TOOL_OPTIONS", String.join(" ", TURKISH), "LAB_SESSION_LOCK", tmp.resolve("session.lock").toString(),
                "LAB_CDS", "0", "LAB_JAVA_OPTS", TestJvm.LEAN_JAVA_OPTS),
                List.of(LabRun.small("--transports", "dbus-daemon,p2p-unix", "--blocks", "2", "--out", "results")),
                out.getParent()), log, 180);
            assertEquals(0, session.exitCode(), session.stderr());
            for (String file : List.of("plan.tsv", "order.tsv", "precision.tsv", "summary.json")) {
                String text = Files.readString(out.resolve(file));
                assertFalse(DECIMAL_COMMA.matcher(text).find(), file + " has a decimal comma:\n" + text);
            }
            for (String file : List.of("runs.csv", "summary.csv")) {
                // a decimal comma would be one field more than the header has
                List<String> lines = Files.readAllLines(out.resolve(file));
                int columns = lines.get(0).split(",", -1).length;
                assertTrue(lines.stream().allMatch(l -> l.split(",", -1).length == columns), file + ":\n" + lines);
            }
            assertEquals(List.of(), LabRun.leftoversAfter(otherTmp, 5), "processes left in the other TMPDIR");
            try (var left = Files.list(otherTmp)) {
                assertEquals(List.of(), left.toList(), "the session removes its temp folder");
            }

            Map<String, String> c = report(out, "c", List.of());
            assertEquals(c, report(out, "de", GERMAN), "the report under the German locale");
            assertEquals(c, report(out, "tr", TURKISH), "the report under the Turkish locale");
        } finally {
            try (var files = Files.walk(otherTmp)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The report of a copy of OUT made by a JVM with JVM's flags: each output file without its Generated lines. */
    private Map<String, String> report(Path out, String name, List<String> jvm) throws IOException, InterruptedException {
        Path copy = Files.createDirectories(tmp.resolve(name)).resolve("results");
        Files.createDirectory(copy);
        for (String file : List.of("runs.csv", "plan.tsv", "order.tsv", "precision.tsv", "notes.tsv", "skipped.tsv",
            "environment.json")) {
            if (Files.exists(out.resolve(file))) {
                Files.copy(out.resolve(file), copy.resolve(file));
            }
        }
        copyTree(out.resolve("latency"), copy.resolve("latency"));
        LabRun.Outcome report = LabRun.analysis(tmp.resolve(name + ".log"), jvm, "report", copy.toString());
        assertEquals(0, report.exitCode(), report.stderr());
        Map<String, String> texts = new java.util.TreeMap<>();
        for (String file : List.of("summary.json", "summary.csv", "report.md", "report.html")) {
            texts.put(file, Files.readAllLines(copy.resolve(file)).stream()
                .filter(l -> !l.toLowerCase(java.util.Locale.ROOT).contains("generated")).collect(Collectors.joining("\n")));
        }
        assertTrue(texts.get("report.md").contains("µs"), "a real report");
        return texts;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
    }
}
