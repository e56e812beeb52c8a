package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Where the lab's pieces are: the scripts under lab/ and the jars the session runs. The session runs
 * private copies of the jars ({@link #snapshot}), so a 'mvn package' running meanwhile cannot swap classes
 * under a running JVM or mix two builds in one session.
 */
public record LabLayout(Path repo, Path serverJar, Path clientJar, Path analysisJar) {

    public static LabLayout of(Path repo) {
        return new LabLayout(repo, repo.resolve("server/target/dbus-lab-server.jar"),
            repo.resolve("client/target/dbus-lab-client.jar"), repo.resolve("analysis/target/dbus-lab-analysis.jar"));
    }

    public Path lab() {
        return repo.resolve("lab");
    }

    public Path busScript() {
        return lab().resolve("bus.sh");
    }

    public Path timedRun() {
        return lab().resolve("timed-run.py");
    }

    public Path scenariosScript() {
        return lab().resolve("run-scenarios.sh");
    }

    public List<Path> jars() {
        return List.of(serverJar, clientJar, analysisJar);
    }

    /** Copies the jars into DIR; checksums (of the originals, relative to the repo) to SHA256FILE. */
    public LabLayout snapshot(Path dir, Path sha256File) throws IOException {
        Files.createDirectories(dir);
        StringBuilder sums = new StringBuilder();
        for (Path jar : jars()) {
            Files.copy(jar, dir.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.COPY_ATTRIBUTES);
            sums.append(sha256(jar)).append("  ").append(repo.relativize(jar)).append('\n');
        }
        Files.writeString(sha256File, sums);
        return new LabLayout(repo, dir.resolve(serverJar.getFileName()), dir.resolve(clientJar.getFileName()),
            dir.resolve(analysisJar.getFileName()));
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
