package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.EchoServer;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.Pause;
import org.dbuslab.faults.support.SharedServers;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.dbuslab.faults.support.FaultChecks.endedWithLosses;
import static org.dbuslab.faults.support.FaultChecks.exitCode;
import static org.dbuslab.faults.support.FaultChecks.failed;
import static org.dbuslab.faults.support.FaultChecks.lostCounted;
import static org.dbuslab.faults.support.FaultChecks.noStackTrace;
import static org.dbuslab.faults.support.FaultChecks.oneMessage;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The echo server stalled (SIGSTOP) under a running client, on every transport and mode: the client counts what it
 * lost, ends in bounded time with exit 1 and no stack trace, and keeps the rows it had written (issue 13, items 1
 * and 2). Stalled for good: {@link ServerStalledForGoodIT}; killed: {@link ServerKilledIT}; classes of their own so
 * that they run in parallel forks (this one took 140-160 s with all three).
 */
class ServerFaultIT {

    /** Stalled servers are resumed afterwards: the cases share one per transport. */
    @RegisterExtension
    static final SharedServers SHARED = new SharedServers();

    @TempDir
    Path dir;

    /** Item 1: a stall longer than --reply-timeout is never a clean pass, even with the caller blocked in write(). */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.dbuslab.faults.Matrix#everyTransportAndMode")
    void serverStallLongerThanTheReplyTimeoutCountsLostCalls(Transport transport, String mode) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            FaultCase.Served s = SHARED.servedClient(c, transport, mode);
            List<String> before = FaultCase.whileFrozen(s.client(), s.server().process()::stall);
            long stalled = System.nanoTime();
            Pause.millis(Budget.stall().toMillis());
            s.server().process().resume();
            Duration bound = Budget.stall().plus(Budget.replyTimeout()).plus(Budget.slack());
            LabProcess.Exit exit = s.client().process().awaitExit(bound.plusSeconds(3));

            assertAll(transport + " " + mode + ": server stalled " + Budget.stall().toMillis() + " ms",
                endedWithLosses(exit, s.client(), before),
                lostCounted(s.client().csv()),
                within(bound, exit.since(stalled), "the client's end after the stall began"),
                () -> assertTrue(s.server().process().isAlive(), "the server died of a stall"));
        }
    }

    /**
     * Item 2: a peer-to-peer server stalled before the client comes: the kernel accepts the connection but nobody
     * answers SASL, and --connect-timeout must end the client with one line (exit 2, not run).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"P2P_UNIX", "P2P_TCP"})
    void peerStalledBeforeTheClientConnectsTimesOutTheHandshake(Transport transport) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            EchoServer server = c.server(transport, null);
            server.process().stall();
            long started = System.nanoTime();
            EchoClient client = c.client("client", transport, null, server, EchoClient.Spec.connectFails());
            Duration bound = Budget.connectTimeout().plus(Budget.slack());
            LabProcess.Exit exit = client.process().awaitExit(bound.plusSeconds(3));
            assertAll(transport + ": connecting to a stalled peer",
                failed(exit, client.process()),
                exitCode(2, exit, client.process()),
                noStackTrace(client.process()),
                oneMessage(client.process()),
                within(bound, exit.since(started), "connecting to a peer that never answers SASL"));
        }
    }
}
