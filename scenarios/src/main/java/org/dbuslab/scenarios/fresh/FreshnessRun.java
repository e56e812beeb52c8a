package org.dbuslab.scenarios.fresh;

import org.dbuslab.scenarios.bus.Calls;
import org.dbuslab.scenarios.bus.Connect;
import org.dbuslab.scenarios.bus.Installer;
import org.dbuslab.scenarios.bus.Products;
import org.dbuslab.scenarios.reads.CachedProperties;
import org.dbuslab.scenarios.reads.GetEachTime;
import org.dbuslab.scenarios.reads.PropertySource;
import org.dbuslab.scenarios.reads.Strategy;
import org.HdrHistogram.Histogram;
import org.freedesktop.dbus.connections.impl.DBusConnection;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The freshness scenario: a reader reads SelectedBaseProduct through a cached strategy in a loop while a writer,
 * on another connection, changes it K times at random intervals. Both connections live in this process, so
 * set and observe times come from one clock.
 */
public final class FreshnessRun {

    /** After the last change, how long the reader keeps looking for the last signals. */
    private static final long SETTLE_NS = TimeUnit.SECONDS.toNanos(2);
    private static final long HIGHEST_NS = TimeUnit.SECONDS.toNanos(60);

    private FreshnessRun() {
    }

    public static FreshnessResult run(String address, Strategy strategy, int changes, long maxPauseUs,
                                      long readIntervalUs, long seed) throws Exception {
        if (strategy != Strategy.CACHED && strategy != Strategy.CACHED_IGNORING_SIGNALS) {
            throw new IllegalArgumentException("freshness judges a cache: strategy must be cached or cached-ignoring-signals");
        }
        try (DBusConnection readerConn = Connect.to(address); DBusConnection writerConn = Connect.to(address)) {
            CachedProperties cache = (CachedProperties) strategy.on(readerConn);
            cache.open();
            SignalWitness witness = new SignalWitness(changes);
            readerConn.addGenericSigHandler(cache.matchRule(), witness); // same rule: runs after the cache's handler
            String initial = String.valueOf(cache.read(Installer.SELECTED_BASE_PRODUCT));
            var ids = Products.decode(GetEachTime.unwrap(
                Calls.get(writerConn, Installer.AVAILABLE_BASE_PRODUCTS).getParameters()[0])).stream()
                .map(Products.Product::id).toList();

            ChangeWriter writer = new ChangeWriter(writerConn, ids, initial, changes, maxPauseUs * 1_000, seed);
            FreshnessJudge judge = new FreshnessJudge(changes, writer::value);
            Thread writerThread = new Thread(writer, "freshness-writer");
            long start = System.nanoTime();
            writerThread.start();
            readLoop(cache, witness, writer, judge, readIntervalUs * 1_000);
            writerThread.join();
            long duration = System.nanoTime() - start;
            return result(writer, witness, judge, duration);
        }
    }

    private static void readLoop(PropertySource cache, SignalWitness witness, ChangeWriter writer, FreshnessJudge judge,
                                 long intervalNs) throws Exception {
        long settleDeadline = Long.MAX_VALUE;
        while (true) {
            int k1 = witness.count();
            String value = String.valueOf(cache.read(Installer.SELECTED_BASE_PRODUCT));
            long observed = System.nanoTime();
            int k2 = witness.count();
            judge.observe(k1, k2, value, observed);
            if (writer.done()) {
                if (settleDeadline == Long.MAX_VALUE) {
                    settleDeadline = observed + SETTLE_NS;
                }
                boolean lastSeen = writer.changes() == 0 || judge.firstSeenNs(writer.changes()) != 0;
                if (k2 >= writer.changes() && lastSeen || observed > settleDeadline) {
                    return;
                }
            }
            if (intervalNs > 0) {
                LockSupport.parkNanos(intervalNs);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private static FreshnessResult result(ChangeWriter writer, SignalWitness witness, FreshnessJudge judge, long duration) {
        int n = writer.changes();
        Histogram setToRead = new Histogram(HIGHEST_NS, 3);
        Histogram setToSignal = new Histogram(HIGHEST_NS, 3);
        int signals = Math.min(witness.count(), n);
        int mismatches = 0;
        for (int i = 1; i <= n; i++) {
            long sent = writer.sentNs(i);
            if (i <= signals) {
                if (!String.valueOf(writer.value(i)).equals(witness.value(i))) {
                    mismatches++;
                }
                setToSignal.recordValue(Math.max(1, Math.min(HIGHEST_NS, witness.arrivedNs(i) - sent)));
            }
            long seen = judge.firstSeenNs(i);
            if (seen != 0 && sent != 0) {
                setToRead.recordValue(Math.max(1, Math.min(HIGHEST_NS, seen - sent)));
            }
        }
        Exception failure = writer.failure();
        return new FreshnessResult(n, witness.count(), judge.changesSeen(), judge.reads(), judge.staleReads(), mismatches,
            judge.staleExamples(), setToRead, setToSignal, duration, failure == null ? null : String.valueOf(failure.getMessage()));
    }
}
