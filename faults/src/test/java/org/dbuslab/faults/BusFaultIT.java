package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.BusPool;
import org.dbuslab.faults.support.EchoClient;
import org.dbuslab.faults.support.FaultBus;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.Pause;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.AfterAll;
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
import static org.dbuslab.faults.support.FaultChecks.serverLines;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bus itself stalled and killed under a client and a server, on dbus-daemon, dbus-broker and dbus-daemon-tcp
 * (issue 13, items 1, 2, 4 and 5): the client counts its losses and ends, and a server whose bus died exits.
 */
class BusFaultIT {

    private static final BusPool BUSES = new BusPool();

    @TempDir
    Path dir;

    @AfterAll
    static void stopBuses() {
        BUSES.close();
    }

    /** Item 1 on a bus: calls stuck in a stalled bus longer than --reply-timeout are lost, and the run goes on. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.dbuslab.faults.Matrix#busesAndModes")
    void busStallLongerThanTheReplyTimeoutCountsLostCalls(Transport transport, String mode) throws Exception {
        FaultBus bus = BUSES.get(transport);
        try (FaultCase c = new FaultCase(dir)) {
            FaultCase.Served s = c.servedClient(transport, bus, mode);
            int serverLinesBefore = s.server().process().stderrLines().size();
            List<String> before = FaultCase.whileFrozen(s.client(), bus::stall);
            long stalled = System.nanoTime();
            Pause.millis(Budget.stall().toMillis());
            bus.resume();
            Duration bound = Budget.stall().plus(Budget.replyTimeout()).plus(Budget.slack());
            LabProcess.Exit exit = s.client().process().awaitExit(bound.plusSeconds(3));

            assertAll(transport + " " + mode + ": bus stalled " + Budget.stall().toMillis() + " ms",
                endedWithLosses(exit, s.client(), before),
                lostCounted(s.client().csv()),
                within(bound, exit.since(stalled), "the client's end after the bus stalled"),
                () -> assertTrue(s.server().process().isAlive(), "the server died of a bus stall"),
                noStackTrace(s.server().process()),
                serverLines(s.server().process(), serverLinesBefore, 0, "a bus stall"));
        } finally {
            bus.resume();
        }
    }

    /**
     * Items 4 and 5: the bus killed mid-run. The client (sync or pipelined) ends with exit 1 and its rows, no stack
     * trace; the server on that bus exits non-zero with one line instead of idling forever.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.dbuslab.faults.Matrix#busesAndModes")
    void busKilledMidRunEndsTheClientAndTheServer(Transport transport, String mode) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            FaultBus bus = c.bus(transport);
            FaultCase.Served s = c.servedClient(transport, bus, mode);
            LabProcess server = s.server().process();
            int serverLinesBefore = server.stderrLines().size();
            List<String> before = FaultCase.whileFrozen(s.client(), bus::kill);
            long killed = System.nanoTime();
            Duration bound = Budget.replyTimeout().plus(Budget.slack());
            LabProcess.Exit exit = s.client().process().awaitExit(bound.plusSeconds(3));
            Duration serverBound = Budget.serverGivesUp().plus(Budget.slack());
            LabProcess.Exit serverExit = server.awaitExit(serverBound.minus(exit.since(killed)).plusSeconds(3));

            assertAll(transport + " " + mode + ": bus killed",
                endedWithLosses(exit, s.client(), before),
                within(bound, exit.since(killed), "the client's end after the bus was killed"),
                failed(serverExit, server),
                within(serverBound, serverExit.since(killed), "the server's exit after its bus was killed"),
                noStackTrace(server),
                serverLines(server, serverLinesBefore, 1, "its bus died"));
        }
    }

    /**
     * Item 2: a bus that accepts connections but never answers SASL (stalled). The client gives up after
     * --connect-timeout with one line and exit 2; the server's --bus gives up too, with exit 1.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"DBUS_DAEMON", "DBUS_BROKER", "DBUS_DAEMON_TCP"})
    void busStalledBeforeConnectingTimesOutTheHandshake(Transport transport) throws Exception {
        FaultBus bus = BUSES.get(transport);
        try (FaultCase c = new FaultCase(dir)) {
            bus.stall();
            long started = System.nanoTime();
            LabProcess server = c.serverProcess(List.of("--bus", bus.address(), "--connect-timeout",
                Long.toString(Budget.serverTimeoutMs())));
            EchoClient client = c.client("client", transport, bus.address(), EchoClient.Spec.connectFails());
            Duration bound = Budget.connectTimeout().plus(Budget.slack());
            LabProcess.Exit exit = client.process().awaitExit(bound.plusSeconds(3));
            Duration serverBound = Budget.serverGivesUp().plus(Budget.slack());
            LabProcess.Exit serverExit = server.awaitExit(serverBound.minus(exit.since(started)).plusSeconds(3));

            assertAll(transport + ": connecting to a stalled bus",
                failed(exit, client.process()),
                exitCode(2, exit, client.process()),
                oneMessage(client.process()),
                noStackTrace(client.process()),
                within(bound, exit.since(started), "the client connecting to a stalled bus"),
                failed(serverExit, server),
                exitCode(1, serverExit, server),
                within(serverBound, serverExit.since(started), "the server connecting to a stalled bus"),
                noStackTrace(server),
                serverLines(server, 0, 1, "start"));
        } finally {
            bus.resume();
        }
    }
}
