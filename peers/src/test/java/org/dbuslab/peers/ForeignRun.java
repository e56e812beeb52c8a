package org.dbuslab.peers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a program to its end within a time limit and returns what it printed. */
final class ForeignRun {

    record Result(int exitCode, String stdout, String stderr, long millis) {
    }

    private ForeignRun() {
    }

    static Result run(List<String> command) throws IOException, InterruptedException {
        return run(command, Map.of(), 60);
    }

    static Result run(List<String> command, Map<String, String> environment, int timeoutSeconds)
        throws IOException, InterruptedException {
        Path out = Files.createTempFile("peers-out-", ".txt");
        Path err = Files.createTempFile("peers-err-", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(environment);
            long start = System.nanoTime();
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new IOException("timed out after " + timeoutSeconds + " s: " + command);
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), (System.nanoTime() - start) / 1_000_000);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
