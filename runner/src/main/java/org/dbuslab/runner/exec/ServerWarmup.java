package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Before the first block, the libdbus client (libdbus-spam) sends up to 20 000 pipelined calls of every reference size to
 * the Java server on each reference bus (no more than 200 MB of payload per size). A libdbus>dbus-java cell
 * warms its client, not the server: when one came early it measured the server's JIT (session S of
 * 2026-11-30: 57.0 us/call in round 1, 14.5 in round 2). Nothing here is recorded as a run.
 */
public final class ServerWarmup {

    public static final int CALLS = 20_000;
    public static final long MAX_BYTES = 200_000_000L;

    private ServerWarmup() {
    }

    /** Calls of SIZE bytes: CALLS, fewer for large payloads, at least 1. */
    public static int callsFor(int size) {
        long calls = size > 0 ? MAX_BYTES / size : CALLS;
        return (int) Math.max(1, Math.min(CALLS, calls));
    }

    /** Warms the Java server on bus T; false (and a line said) when spam failed at some size. */
    public static boolean warm(SpamRun spam, Services services, PayloadFiles payloads, String transport,
                               List<Integer> sizes, int window, Path errLog, Consumer<String> say)
        throws IOException, InterruptedException {
        String address = services.get("bus:" + transport).orElseThrow().address();
        long t0 = System.nanoTime();
        for (int size : sizes) {
            SpamRun.Result r = spam.once(address, Services.JAVA_ECHO_NAME, callsFor(size), window, payloads.of(size),
                errLog, "server warm-up " + size + " B");
            if (!r.ok() || r.failedReplies() > 0) {
                say.accept("   server " + transport + " warm-up at " + size + " B failed (spam exit " + r.status() + ": "
                    + r.lastComplaint() + "); its cells will show it");
                return false;
            }
        }
        say.accept("   server " + transport + " warmed up: up to " + CALLS + " pipelined spam calls per size ("
            + sizes.stream().map(String::valueOf).reduce((a, b) -> a + " " + b).orElse("") + " B) in "
            + (System.nanoTime() - t0) / 1_000_000 + " ms");
        return true;
    }
}
