package org.dbuslab.faults;

import org.dbuslab.faults.support.Budget;
import org.dbuslab.faults.support.FaultCase;
import org.dbuslab.faults.support.LabProcess;
import org.dbuslab.faults.support.SharedServers;
import org.dbuslab.format.Transport;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.dbuslab.faults.support.FaultChecks.endedWithLosses;
import static org.dbuslab.faults.support.FaultChecks.lostCounted;
import static org.dbuslab.faults.support.FaultChecks.noThroughputWithoutReplies;
import static org.dbuslab.faults.support.FaultChecks.runsAfterTheFaultWithin;
import static org.dbuslab.faults.support.FaultChecks.within;
import static org.junit.jupiter.api.Assertions.assertAll;

/**
 * The echo server stalled for good under a running client, on every transport and mode (issue 13, items 1 and 7):
 * each remaining run costs about one reply timeout, the client ends by itself with exit 1, counts what it lost and
 * keeps its rows. A class apart from {@link ServerFaultIT} so that the two run in parallel forks.
 */
class ServerStalledForGoodIT {

    /** Stalled servers are resumed afterwards: the cases share one per transport. */
    @RegisterExtension
    static final SharedServers SHARED = new SharedServers();

    @TempDir
    Path dir;

    /**
     * Items 1 and 7: a server that never answers again (stalled until the client is gone) costs each remaining run
     * about one reply timeout, not calls / window x timeout, and the client ends by itself.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("org.dbuslab.faults.Matrix#everyTransportAndMode")
    void serverStalledForGoodEndsTheRunWithinTheReplyTimeout(Transport transport, String mode) throws Exception {
        try (FaultCase c = new FaultCase(dir)) {
            FaultCase.Served s = SHARED.servedClient(c, transport, mode);
            List<String> before = FaultCase.whileFrozen(s.client(), s.server().process()::stall);
            long stalled = System.nanoTime();
            int remainingRuns = s.client().spec().totalRuns() - (before.size() - 1);
            Duration bound = Budget.replyTimeout().multipliedBy(remainingRuns + 1L).plus(Budget.slack());
            LabProcess.Exit exit = s.client().process().awaitExit(bound.plusSeconds(3));

            assertAll(transport + " " + mode + ": server stalled for good",
                endedWithLosses(exit, s.client(), before),
                lostCounted(s.client().csv()),
                runsAfterTheFaultWithin(Budget.replyTimeout().multipliedBy(3).plus(Budget.run()), before,
                    s.client().csv()),
                noThroughputWithoutReplies(s.client().process()),
                within(bound, exit.since(stalled), "the client's end after the server stalled for good"));
        }
    }
}
