package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.BusPool;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.EchoServer;
import org.dbuslab.faults.support.FaultBus;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.Pause;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.dbuslab.faults.support.FaultChecks.atMostOneMessage;
import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.rowsIntact;
import static org.dbuslab.faults.support.FaultChecks.serverLines;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client killed or stalled with pipelined calls in flight, on every transport: the server (and the bus) go on
 * serving the next client, and say at most one line about the one that left (issue 13, item 5).
 */
class ClientFaultIT {

    private static final BusPool BUSES = new BusPool();
    @TempDir
    Path dir;

    @AfterAll
    static void stopBuses() {
        BUSES.close();
    }

    /** Item 5: a peer that vanishes mid-call costs the server one line at most, no stack trace, no thread. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.dbuslab.faults.Matrix#everyTransport")
    void clientKilledMidRunLeavesTheServerServing(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            FaultBus bus = BUSES.get(transport);
            EchoServer server = c.server(transport, bus);
            EchoClient first = c.client("first", transport, bus, server, EchoClient.Spec.forMode("async", 3));
            FaultCase.awaitFirstRun(first);
            int serverLinesBefore = server.process().stderrLines().size();
            first.process().kill();
            first.process().awaitExit(Duration.ofMillis(Budget.millis(10_000)));
            Pause.millis(500); // the server's lines about the hang-up come before the next client's
            List<String> serverLinesAfterKill = server.process().stderrLines();
            EchoClient next = c.client("next", transport, bus, server, EchoClient.Spec.shortRun());
            Duration bound = Budget.slack();
            long started = System.nanoTime();
            LabProcess.Exit exit = next.process().awaitExit(bound.plusSeconds(3));

            assertAll(transport + ": a client killed mid-run",
                exitCode(0, exit, next.process()),
                within(bound, exit.since(started), "the next client's run"),
                () -> assertTrue(server.process().isAlive(), "the server died with its client"),
                noStackTrace(server.process()),
                serverLines(serverLinesAfterKill, serverLinesBefore, 1, "a client was killed"));
        }
    }

    /**
     * A client stalled with its replies piling up must not hold up the server for the others; once resumed it ends
     * by itself, its rows intact.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.dbuslab.faults.Matrix#everyTransport")
    void stalledClientDoesNotHoldUpTheNextOne(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            FaultBus bus = BUSES.get(transport);
            EchoServer server = c.server(transport, bus);
            EchoClient stalled = c.client("stalled", transport, bus, server, EchoClient.Spec.forMode("async", 2));
            FaultCase.awaitFirstRun(stalled);
            stalled.process().stall();
            List<String> before = stalled.csv().lines();
            EchoClient next = c.client("next", transport, bus, server, EchoClient.Spec.shortRun());
            Duration bound = Budget.slack();
            long started = System.nanoTime();
            LabProcess.Exit exit = next.process().awaitExit(bound.plusSeconds(3));
            boolean stillStalled = stalled.process().isAlive();
            stalled.process().resume();
            Duration stalledBound = Budget.replyTimeout().multipliedBy(3).plus(Budget.slack());
            LabProcess.Exit stalledExit = stalled.process().awaitExit(stalledBound);

            assertAll(transport + ": a stalled client",
                exitCode(0, exit, next.process()),
                within(bound, exit.since(started), "the next client's run beside a stalled one"),
                () -> assertTrue(stillStalled, "the stalled client ended while stalled"),
                () -> assertFalse(stalledExit.killedByHarness(), "the resumed client hung: " + stalled.process().stderr()),
                rowsIntact(before, stalled.csv()),
                noStackTrace(stalled.process()),
                atMostOneMessage(stalled.process()),
                () -> assertTrue(server.process().isAlive(), "the server died of a stalled client"),
                noStackTrace(server.process()));
        }
    }
}
