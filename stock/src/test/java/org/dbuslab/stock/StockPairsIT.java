package org.dbuslab.stock;

import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The stock client against the stock server and the lab's Java server on dbus-daemon, dbus-broker and p2p-unix,
 * sync and async: every call answered with its exact echo (the lab client's verification), none lost.
 */
class StockPairsIT {

    private static final long REPLY_TIMEOUT_MS = 10_000;

    static Stream<Arguments> servers() {
        return Stream.of(ServerOn.Kind.values()).flatMap(kind -> Stream.of("dbus-daemon", "dbus-broker", "p2p-unix")
            .map(transport -> Arguments.of(kind, transport)));
    }

    @ParameterizedTest(name = "stock client > {0} server on {1}")
    @MethodSource("servers")
    void everyCallGetsItsExactEcho(ServerOn.Kind kind, String transport) throws Exception {
        try (ServerOn server = ServerOn.start(kind, transport)) {
            try (StockCallPath sync = server.connect(true, REPLY_TIMEOUT_MS)) {
                assertClean(run(sync, 1, 100, 1000), 100, server + " sync 1000 B");
                assertClean(run(sync, 1, 20, 10000), 20, server + " sync 10000 B");
            }
            try (StockCallPath async = server.connect(false, REPLY_TIMEOUT_MS)) {
                assertClean(run(async, 16, 300, 1000), 300, server + " async 1000 B");
                assertClean(run(async, 16, 60, 10000), 60, server + " async 10000 B");
            }
        }
    }

    static RunResult run(StockCallPath path, int window, int calls, int payload) throws InterruptedException {
        return new EchoRun(path, window, TimeUnit.MILLISECONDS.toNanos(REPLY_TIMEOUT_MS)).run(calls,
            new PayloadGenerator(payload, 20150430L + calls));
    }

    private static void assertClean(RunResult result, int calls, String what) {
        assertEquals(calls, result.calls(), what);
        assertEquals(calls, result.ok(), what + ": " + result.firstProblem());
        assertEquals(0, result.lost() + result.mismatched() + result.errors(), what + ": " + result.firstProblem());
        assertTrue(result.clean(), what);
        assertEquals(calls, result.latencies().getTotalCount(), what + ": one round trip per verified call");
    }
}
