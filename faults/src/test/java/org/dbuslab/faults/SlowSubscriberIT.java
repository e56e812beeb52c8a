package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.FaultBus;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.Pause;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Signal fan-out with one subscriber stopped (SIGSTOP) for 5 s, on a bus with a low outgoing limit (issue 26,
 * item 6): the bus's limit shows as such and is counted, and nothing hangs. dbus-daemon drops the signals it
 * cannot queue for the stopped subscriber, which counts them lost, and the other subscribers get every signal
 * exactly once. dbus-broker's quota is per user: with every peer the same user, the backlog spends a quota the
 * others share, and the broker disconnects a peer (the stopped one, a fellow subscriber or the emitter); whoever
 * lost counts it.
 */
class SlowSubscriberIT {

    /** 3000 signals of 8 KiB: 24 MiB for the stopped subscriber, far over either bus's limit below. */
    private static final int SIGNALS = 3000;
    private static final int PAD = 8192;
    private static final int OTHERS = 3;
    private static final Duration STOPPED = Duration.ofSeconds(5);
    private static final long TIMEOUT_MS = 3000;
    /**
     * dbus-daemon: 1 MB queued per connection. dbus-broker-launch makes max_outgoing_bytes × max_connections_per_user
     * each user's byte quota (16 MB here), of which one receiving peer may hold only a share.
     */
    private static final Map<String, String> LOW_LIMIT = Map.of("LAB_BUS_MAX_OUTGOING_BYTES", "1000000",
        "LAB_BUS_MAX_CONNECTIONS_PER_USER", "16");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"DBUS_DAEMON", "DBUS_BROKER"})
    void aStoppedSubscriberLosesWhatTheBusCannotQueueAndTheOthersGetEverySignal(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir); FaultBus bus = FaultBus.start(transport, LOW_LIMIT)) {
            LabProcess slow = c.scale("slow", "subscribe", "--address", bus.address(), "--signals", "" + SIGNALS,
                "--pad", "" + PAD, "--timeout", "" + TIMEOUT_MS);
            awaitReady(slow);
            slow.stall();
            long stopped = System.nanoTime();
            LabProcess fanOut = c.scale("signals", "signals", "--address", bus.address(), "--subscribers", "" + OTHERS,
                "--signals", "" + SIGNALS, "--pad", "" + PAD, "--warmup-runs", "0", "--runs", "1",
                "--timeout", "" + TIMEOUT_MS);
            // its JVM start and 9000 deliveries: 10-27 s on the 2-core box at load 13-22
            LabProcess.Exit fanOutExit = fanOut.awaitExit(Budget.hang());
            Pause.millis(Math.max(0, STOPPED.toMillis() - Duration.ofNanos(System.nanoTime() - stopped).toMillis()));
            slow.resume();
            long resumed = System.nanoTime();
            Duration bound = Duration.ofMillis(TIMEOUT_MS).plus(Budget.slack());
            LabProcess.Exit slowExit = slow.awaitExit(bound.plusSeconds(3));

            Map<String, String> others = result(fanOut);
            Map<String, String> stalled = result(slow);
            long othersLost = Long.parseLong(others.getOrDefault("lost", "-1"));
            long stalledLost = Long.parseLong(stalled.getOrDefault("lost", "-1"));
            assertAll(transport + " with a subscriber stopped for " + STOPPED.toSeconds() + " s",
                () -> assertEquals(false, fanOutExit.killedByHarness(), "the fan-out hung"),
                within(bound, slowExit.since(resumed), "the stopped subscriber, once resumed"),
                () -> assertEquals(SIGNALS, Long.parseLong(stalled.getOrDefault("received", "-1")) + stalledLost,
                    "the stopped subscriber's received + lost = signals: " + slow.stdoutLines()),
                () -> assertEquals("0", stalled.get("duplicated"), slow.stdoutLines().toString()),
                noStackTrace(fanOut),
                noStackTrace(slow),
                transport == Transport.DBUS_DAEMON ? () -> assertAll(
                    exitCode(0, fanOutExit, fanOut),
                    () -> assertEquals(List.of("" + OTHERS * SIGNALS, "0", "0", "0"), List.of(others.get("delivered"),
                        others.get("lost"), others.get("duplicated"), others.get("out_of_order")),
                        "the other subscribers get every signal exactly once: " + fanOut.stdoutLines()),
                    exitCode(1, slowExit, slow),
                    () -> assertTrue(stalledLost > 0, "dbus-daemon drops what it cannot queue: " + slow.stdoutLines()),
                    () -> assertEquals("false", stalled.get("disconnected"), slow.stdoutLines().toString()),
                    () -> assertTrue(bus.log().contains("Rejected: destination has a full message queue"), bus.log()))
                    : () -> assertAll(
                    // the quota is per user, and every peer here is the same user: the broker disconnects the peer
                    // whose message next goes over it (seen: a fellow subscriber, the emitter), not always the slow one
                    () -> assertTrue(bus.log().contains("exceeded its 'bytes' quota")
                        && bus.log().contains("is being disconnected"), bus.log()),
                    () -> assertTrue(othersLost + stalledLost > 0, "what the disconnect cost is counted: "
                        + fanOut.stdoutLines() + " " + slow.stdoutLines()),
                    () -> assertEquals(othersLost > 0 ? 1 : 0, fanOutExit.code(), "the fan-out's exit says whether it lost"),
                    () -> assertEquals(stalledLost > 0 ? 1 : 0, slowExit.code(), "the subscriber's exit says whether it lost")));
        }
    }

    private static void awaitReady(LabProcess subscriber) {
        long deadline = System.nanoTime() + Budget.slack().toNanos();
        while (!subscriber.stdoutLines().contains("ready")) {
            if (System.nanoTime() > deadline || !subscriber.isAlive()) {
                throw new AssertionError("the subscriber never got ready: " + subscriber.stderr());
            }
            Pause.millis(50);
        }
    }

    /** The tool's last key=value line. */
    private static Map<String, String> result(LabProcess tool) {
        List<String> lines = tool.stdoutLines();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        return Arrays.stream(last.split(" ")).filter(f -> f.contains("="))
            .collect(Collectors.toMap(f -> f.substring(0, f.indexOf('=')), f -> f.substring(f.indexOf('=') + 1)));
    }
}
