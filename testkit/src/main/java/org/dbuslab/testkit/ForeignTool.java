package org.dbuslab.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a standard D-Bus tool (busctl, gdbus, dbus-send, python3) and returns what it printed. */
public final class ForeignTool {

    private ForeignTool() {
    }

    public record Result(int exitCode, String stdout, String stderr) {
    }

    public static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("timed out: " + command);
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8),
            new String(err, StandardCharsets.UTF_8));
    }
}
