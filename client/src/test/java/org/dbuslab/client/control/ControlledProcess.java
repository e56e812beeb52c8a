package org.dbuslab.client.control;

import org.dbuslab.testkit.TestJvm;

import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.Command;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Reply;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A client's main started in a JVM of its own in --control mode, driven as the runner drives it: commands on its
 * stdin, every stdout line parsed strictly as a reply (anything else there fails the test), stderr kept in a file.
 */
public final class ControlledProcess implements AutoCloseable {

    private static final long REPLY_TIMEOUT_SECONDS = 60;
    private static final String END = "\u0000end";

    private final Process process;
    private final Path stderr;
    private final OutputStream stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ControlledProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        this.stdin = process.getOutputStream();
        Thread reader = new Thread(this::readStdout, "controlled-process-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code mainClass} with the test class path (the module's classes and dependencies) and {@code args}. */
    public static ControlledProcess start(Class<?> mainClass, Path dir, List<String> args) throws IOException {
        List<String> command = TestJvm.java();
        command.addAll(List.of("--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", // as the jar's manifest says
            "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
            mainClass.getName()));
        command.addAll(args);
        Path stderr = Files.createTempFile(dir, "client-", ".stderr");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
        builder.environment().put("LC_ALL", "C"); // an ASCII locale: the protocol is UTF-8 all the same
        Process process = builder.start();
        return new ControlledProcess(process, stderr);
    }

    private void readStdout() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
        } catch (IOException ignored) {
            // the process is gone; END says so
        }
        lines.add(END);
    }

    public void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    public void send(Command command) throws IOException {
        send(ControlProtocol.encode(command));
    }

    /** The next reply; fails on a line that is not one, on silence, and on the end of stdout. */
    public Reply next() throws Exception {
        String line = lines.poll(REPLY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(line, "no reply within " + REPLY_TIMEOUT_SECONDS + " s; stderr: " + stderr());
        if (END.equals(line)) {
            fail("stdout ended; exit " + process.waitFor() + ", stderr: " + stderr());
        }
        try {
            return ControlProtocol.parseReply(line);
        } catch (IllegalArgumentException e) {
            return fail("not a protocol line on stdout: '" + line + "' (" + e.getMessage() + "); stderr: " + stderr());
        }
    }

    /** Sends {@code run} and returns its {@code done}, checking its tag. */
    public Done run(ControlProtocol.Run run) throws Exception {
        send(run);
        Reply reply = next();
        Done done = assertInstanceOf(Done.class, reply, () -> reply + "; stderr: " + stderr());
        assertEquals(run.tag(), done.tag());
        return done;
    }

    /** Waits for the exit and checks that stdout said nothing more. */
    public int exitCode() throws Exception {
        if (!process.waitFor(REPLY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            fail("still running " + REPLY_TIMEOUT_SECONDS + " s after it should have exited; stderr: " + stderr());
        }
        String rest = lines.poll(REPLY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertEquals(END, rest, "more on stdout after the last reply");
        return process.exitValue();
    }

    public void closeStdin() throws IOException {
        stdin.close();
    }

    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
