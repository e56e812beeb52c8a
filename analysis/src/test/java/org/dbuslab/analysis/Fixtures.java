package org.dbuslab.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The fixture results folder, copied so tests may write reports without touching the original. */
public final class Fixtures {

    public static final String RUNS_HEADER =
            "transport,mode,payload_bytes,window,calls,run,elapsed_ns,lost,mismatched,errors,phase,method,started_utc\n";

    private Fixtures() {
    }

    public static Path session() {
        return resource("/fixtures/session");
    }

    /** A small OUT/scenarios/ folder: cold start and property reads on dbus-daemon, ruby-dbus and zbus skipped. */
    public static Path scenarios() {
        return resource("/fixtures/scenarios");
    }

    /**
     * A session runner's folder with the client-library matrix and the 2015 experiment in rotating groups
     * (fixtures/libraries/make-runs.py wrote its runs.csv): 24 blocks, 4 groups of (mode, payload); the matrix in every
     * block, lkml cells for 4 runs, sd-bus>sd-bus on dbus-broker in 3 blocks only, one lost call in glib>dbus-java, and
     * skipped.tsv naming the dbus-java-stock-5.1.1 version row.
     */
    public static Path libraries() {
        return resource("/fixtures/libraries");
    }

    private static Path resource(String name) {
        try {
            return Path.of(Fixtures.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A deep copy: the latency logs live in a subfolder. */
    public static Path copyOfSession(Path target) {
        return copy(session(), target);
    }

    /** A deep copy of {@code source}'s files into {@code target}. */
    public static Path copy(Path source, Path target) {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.toList()) {
                Path copy = target.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path write(Path dir, String name, String content) {
        try {
            return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
