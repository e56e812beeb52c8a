package org.dbuslab.analysis;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The analysis's packages follow the data (analysis/README.md, Packages): each imports only the layers below it, none
 * holds more than 30 files, and report/ and output/ compute no statistic: they read the model. A subpackage (model/paths)
 * belongs to its package's layer and counts its own files.
 */
class PackageLayersTest {

    private static final Path SOURCES = Path.of("src/main/java/org/dbuslab/analysis");
    /** The layer of each package; "" is org.dbuslab.analysis itself (the command line). */
    private static final Map<String, Integer> LAYER = Map.ofEntries(Map.entry("doc", 0), Map.entry("scenarios", 0),
            Map.entry("read", 1), Map.entry("profile", 1), Map.entry("model", 2), Map.entry("compare", 3),
            Map.entry("charts", 3), Map.entry("report", 4), Map.entry("output", 5), Map.entry("", 6), Map.entry("bench", 6));
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?org\\.dbuslab\\.analysis\\.(\\w+)\\.", Pattern.MULTILINE);
    /** The stats classes that compute (value types such as Interval or SampleComparison may be held). */
    private static final Pattern COMPUTES = Pattern.compile(
            "^import org\\.dbuslab\\.stats\\.(Quantiles|Bootstrap|BlockBootstrap|MannWhitneyU|TukeyFences|RatioAndDifference);"
                    + "|SampleStatistics\\.of\\(|Lkml2015\\.median\\(", Pattern.MULTILINE);

    @Test
    void everyPackageImportsOnlyTheLayersBelowIt() throws IOException {
        List<String> upward = new ArrayList<>();
        for (Path file : sources()) {
            String pkg = packageOf(file);
            Matcher m = IMPORT.matcher(Files.readString(file));
            while (m.find()) {
                String target = LAYER.containsKey(m.group(1)) ? m.group(1) : ""; // a class of the top package
                if (!target.equals(pkg) && LAYER.get(target) >= LAYER.get(pkg)) {
                    upward.add(SOURCES.relativize(file) + " imports " + (target.isEmpty() ? "the top package" : target));
                }
            }
        }
        assertEquals(List.of(), upward);
    }

    @Test
    void noPackageHoldsMoreThan30Files() throws IOException {
        List<Path> packages;
        try (Stream<Path> dirs = Files.walk(SOURCES)) {
            packages = dirs.filter(Files::isDirectory).filter(d -> !d.equals(SOURCES)).toList();
        }
        for (Path dir : packages) {
            try (Stream<Path> files = Files.list(dir)) {
                long count = files.filter(f -> f.toString().endsWith(".java")).count();
                assertEquals(true, count <= 30, SOURCES.relativize(dir) + " holds " + count + " files");
            }
        }
    }

    @Test
    void reportAndOutputComputeNoStatistic() throws IOException {
        List<String> computing = new ArrayList<>();
        for (Path file : sources()) {
            String pkg = packageOf(file);
            if ((pkg.equals("report") || pkg.equals("output")) && COMPUTES.matcher(Files.readString(file)).find()) {
                computing.add(SOURCES.relativize(file).toString());
            }
        }
        assertEquals(List.of(), computing);
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The package's first name under org.dbuslab.analysis: model for model/paths. */
    private static String packageOf(Path file) {
        Path dir = SOURCES.relativize(file).getParent();
        return dir == null ? "" : dir.getName(0).toString();
    }
}
