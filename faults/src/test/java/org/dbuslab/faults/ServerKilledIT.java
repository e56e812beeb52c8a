package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.BusPool;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.dbuslab.faults.support.FaultChecks.endedWithLosses;
import static org.dbuslab.faults.support.FaultChecks.failed;
import static org.dbuslab.faults.support.FaultChecks.latenciesOnlyOfAnsweredCalls;
import static org.dbuslab.faults.support.FaultChecks.noThroughputWithoutReplies;
import static org.dbuslab.faults.support.FaultChecks.unansweredCounted;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;

/**
 * The echo server killed (SIGKILL) under a running client, on every transport and mode: the client counts what it
 * lost, ends in bounded time with exit 1 and no stack trace, and keeps the rows it had written (issue 13, items 5, 7
 * and 8). Each case kills a server of its own; the buses are shared per transport.
 */
class ServerKilledIT {

    private static final BusPool BUSES = new BusPool();

    @TempDir
    Path dir;

    @AfterAll
    static void stopBuses() throws Exception {
        BUSES.close();
    }

    /**
     * Items 5, 7 and 8: a server killed mid-run: failed calls counted and kept out of the latency histograms, one
     * line at most, no throughput figures for runs without a reply.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.dbuslab.faults.Matrix#everyTransportAndMode")
    void serverKilledMidRunEndsTheClientWithItsRowsIntact(Transport transport, String mode) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            FaultCase.Served s = c.servedClient(transport, BUSES.get(transport), mode);
            List<String> before = FaultCase.whileFrozen(s.client(), s.server().process()::kill);
            long killed = System.nanoTime();
            Duration bound = Budget.replyTimeout().plus(Budget.slack());
            LabProcess.Exit exit = s.client().process().awaitExit(bound.plusSeconds(3));

            assertAll(transport + " " + mode + ": server killed",
                endedWithLosses(exit, s.client(), before),
                unansweredCounted(s.client().csv()),
                noThroughputWithoutReplies(s.client().process()),
                latenciesOnlyOfAnsweredCalls(s.client()),
                within(bound, exit.since(killed), "the client's end after the server was killed"));
        }
    }
}
