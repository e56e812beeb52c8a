package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.EchoServer;
import org.dbuslab.faults.support.FaultBus;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.dbuslab.faults.support.FaultChecks.atMostOneMessage;
import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.latenciesOnlyOfAnsweredCalls;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.rowsIntact;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client starved by its bus: a dbus-daemon allowing 8 pending replies per connection refuses most of a
 * 128-call window with LimitsExceeded. Those are failed calls, counted as errors, not lost, never a hang, and they
 * are not in the latency histograms (issue 13, item 8).
 */
class BusLimitIT {

    private static final int MAX_REPLIES = 8;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"DBUS_DAEMON", "DBUS_DAEMON_TCP"})
    void refusedCallsAreErrorsAndHaveNoRoundTripTime(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir);
             FaultBus bus = FaultBus.start(transport, Map.of("LAB_BUS_MAX_REPLIES", Integer.toString(MAX_REPLIES)))) {
            EchoServer server = c.server(transport, bus);
            // the case is about refusals, not stalls: its 8 accepted calls once waited out the usual 1 s reply timeout
            // (scaled by load) in a CI with three forks running, and counted lost (CI of 75f34d6), so 5 s here
            long replyTimeoutMs = Budget.millis(5000);
            EchoClient client = c.client("client", transport, bus, server,
                EchoClient.Spec.forMode("async", 2).withReplyTimeoutMs(replyTimeoutMs));
            long started = System.nanoTime();
            Duration bound = Duration.ofMillis(replyTimeoutMs).multipliedBy(3).plus(Budget.slack());
            LabProcess.Exit exit = client.process().awaitExit(bound.plusSeconds(3));

            assertAll(transport + " with max_replies_per_connection=" + MAX_REPLIES,
                exitCode(1, exit, client.process()),
                within(bound, exit.since(started), "the starved client's run"),
                () -> assertTrue(client.csv().rows().stream().mapToLong(r -> r.errors()).sum() > 0,
                    "no call refused by the bus: " + client.csv().lines()),
                () -> assertEquals(0, client.csv().rows().stream().mapToLong(r -> r.lost()).sum(),
                    "a refused call is an error, not a lost call: " + client.csv().lines()),
                () -> assertTrue(client.process().stderr().contains("LimitsExceeded"), "the bus's reason is named"),
                rowsIntact(List.of(), client.csv()),
                noStackTrace(client.process()),
                atMostOneMessage(client.process()),
                latenciesOnlyOfAnsweredCalls(client));
        }
    }
}
