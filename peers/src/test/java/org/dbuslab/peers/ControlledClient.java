package org.dbuslab.peers;

import org.dbuslab.testkit.LineProcess;
import org.dbuslab.format.ControlProtocol;
import org.dbuslab.format.ControlProtocol.Done;
import org.dbuslab.format.ControlProtocol.Reply;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A client of any library in its --control mode, driven as the lab's runner will drive it: 'ready', then one
 * 'run' command per run answered by 'done', then 'quit' and 'bye'. Replies are parsed by the one definition of
 * the control channel (org.dbuslab.format.ControlProtocol), so a line in any other form fails the test.
 */
final class ControlledClient implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(120);

    private final LineProcess process;

    private ControlledClient(LineProcess process) {
        this.process = process;
    }

    static ControlledClient start(Library library, EchoServerOn server, String mode, String... extra)
        throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(library.clientCommand());
        command.addAll(server.clientOptions());
        command.addAll(List.of("--mode", mode, "--control"));
        command.addAll(List.of(extra));
        LineProcess process = LineProcess.start(command);
        ControlledClient client = new ControlledClient(process);
        try {
            client.expect(ControlProtocol.Ready.class, READY_TIMEOUT);
        } catch (IOException | RuntimeException e) {
            process.close();
            throw e;
        }
        return client;
    }

    Done run(int payload, int window, int calls, long seed) throws IOException, InterruptedException {
        String tag = "p" + payload + "-w" + window + "-n" + calls;
        process.send(ControlProtocol.encode(new ControlProtocol.Run(ControlProtocol.PHASE_MEASURE, tag, payload, window,
            calls, seed)));
        Done done = expect(Done.class, RUN_TIMEOUT);
        if (!done.tag().equals(tag)) {
            throw new IOException("done for " + done.tag() + ", expected " + tag);
        }
        return done;
    }

    /** Sends a raw line (for malformed-command tests) and returns the reply. */
    Reply sendRaw(String line) throws IOException, InterruptedException {
        process.send(line);
        return ControlProtocol.parseReply(process.nextLine(RUN_TIMEOUT));
    }

    /** The next reply, whatever it is. */
    Reply next() throws IOException, InterruptedException {
        return ControlProtocol.parseReply(process.nextLine(RUN_TIMEOUT));
    }

    /** The exit code, waiting at most 30 s; -1 if it is still running. */
    int exitCode() throws InterruptedException {
        return process.waitFor(Duration.ofSeconds(30));
    }

    /** quit, expecting bye and exit 0. */
    int quit() throws IOException, InterruptedException {
        process.send("quit");
        expect(ControlProtocol.Bye.class, RUN_TIMEOUT);
        return exitCode();
    }

    String stderr() {
        return process.stderr();
    }

    private <T extends Reply> T expect(Class<T> type, Duration timeout) throws IOException, InterruptedException {
        String line = process.nextLine(timeout);
        Reply reply = ControlProtocol.parseReply(line);
        if (!type.isInstance(reply)) {
            throw new IOException("expected " + type.getSimpleName() + ", got '" + line + "'; stderr: " + stderr());
        }
        return type.cast(reply);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        process.close();
    }
}
