package org.dbuslab.testkit;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * libdbus's own echo server, {@code dbus-test-tool echo}, owning a name on a private bus until closed: it answers
 * every method call with an empty reply, one thread.
 */
public final class LibdbusEcho implements AutoCloseable {

    private final Process process;

    private LibdbusEcho(Process process) {
        this.process = process;
    }

    /** Starts it on bus ADDRESS under NAME and waits, at most WITHIN, until a call to NAME is answered. */
    public static LibdbusEcho start(String address, String name, Duration within)
        throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("dbus-test-tool", "echo", "--name=" + name)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("DBUS_SESSION_BUS_ADDRESS", address);
        LibdbusEcho echo = new LibdbusEcho(builder.start());
        long deadline = System.nanoTime() + within.toNanos();
        while (!answers(address, name)) { // it owns its name only once it has connected
            if (System.nanoTime() > deadline || !echo.process.isAlive()) {
                echo.close();
                throw new AssertionError("dbus-test-tool echo did not answer as " + name + " on " + address
                    + " within " + within.toSeconds() + " s");
            }
            Thread.sleep(50);
        }
        return echo;
    }

    private static boolean answers(String address, String name) throws IOException, InterruptedException {
        return ForeignTool.run(List.of("sh", "-c", "DBUS_SESSION_BUS_ADDRESS=\"$0\" dbus-test-tool spam --dest=" + name
            + " --count=1", address)).exitCode() == 0;
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
