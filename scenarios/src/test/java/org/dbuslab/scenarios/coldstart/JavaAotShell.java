package org.dbuslab.scenarios.coldstart;

import org.dbuslab.testkit.LabPaths;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a bash snippet with lab/lib/java_aot.sh sourced, as lab/run-scenarios.sh sources it, so the tests call the
 * very functions the scenario uses. The snippet's arguments are "$1", "$2", ...
 */
final class JavaAotShell {

    static final Path LIBRARY = LabPaths.repositoryRoot().resolve("lab/lib/java_aot.sh");

    record Result(int exitCode, String stdout, String stderr) {
    }

    private JavaAotShell() {
    }

    static Result run(String snippet, Map<String, String> environment, int timeoutSeconds, String... arguments)
        throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c", "source \"$0\"\n" + snippet, LIBRARY.toString()));
        command.addAll(List.of(arguments));
        Path out = Files.createTempFile("java-aot-out-", ".txt");
        Path err = Files.createTempFile("java-aot-err-", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().remove("LAB_JDK25"); // a developer's own choice must not steer the test
            builder.environment().putAll(environment);
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new IOException("timed out after " + timeoutSeconds + " s: " + snippet);
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8).strip(),
                Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
