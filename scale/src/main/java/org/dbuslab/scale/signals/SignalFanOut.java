package org.dbuslab.scale.signals;

import org.dbuslab.client.run.PayloadGenerator;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;

import java.util.ArrayList;
import java.util.List;

/**
 * One emitter, S subscribers and M non-matching rules on idle connections, all on one bus. The emitter keeps at
 * most {@code window} signals ahead of the slowest subscriber: without that, a bus queues without bound (or, at
 * its limits, drops or disconnects), and the run would measure the queue, not the delivery.
 */
public final class SignalFanOut implements AutoCloseable {

    private final DBusConnection emitter;
    private final List<Subscriber> subscribers;
    private final IdleRules idle;
    private long nextSeq;

    private SignalFanOut(DBusConnection emitter, List<Subscriber> subscribers, IdleRules idle) {
        this.emitter = emitter;
        this.subscribers = subscribers;
        this.idle = idle;
    }

    /** Connects everything; closes what it opened when any step fails. */
    public static SignalFanOut open(String address, int subscribers, int idleRules, int rulesPerConnection,
                                    int connectTimeoutMs) throws DBusException {
        List<Subscriber> opened = new ArrayList<>();
        DBusConnection emitter = null;
        try {
            emitter = BusConnections.open(address, connectTimeoutMs);
            for (int i = 0; i < subscribers; i++) {
                opened.add(Subscriber.open(address, connectTimeoutMs));
            }
            IdleRules idle = IdleRules.add(address, idleRules, rulesPerConnection, connectTimeoutMs);
            return new SignalFanOut(emitter, opened, idle);
        } catch (DBusException | RuntimeException e) {
            opened.forEach(Subscriber::close);
            if (emitter != null) {
                emitter.disconnect();
            }
            throw e;
        }
    }

    public int idleConnections() {
        return idle.connections();
    }

    /**
     * Emits {@code count} Ticks and waits until every subscriber has them all (or {@code timeoutNanos} passes
     * without progress). Sequence numbers go on across runs, so a late signal of an earlier run is a stray here.
     */
    public SignalResult run(int count, int padBytes, int window, long seed, long timeoutNanos)
        throws InterruptedException {
        long first = nextSeq;
        nextSeq += count;
        PayloadGenerator pads = new PayloadGenerator(padBytes, seed);
        List<SubscriberTally> tallies = new ArrayList<>();
        for (Subscriber subscriber : subscribers) {
            SubscriberTally tally = new SubscriberTally(first, count, pads);
            tallies.add(tally);
            subscriber.countInto(tally);
        }
        long start = System.nanoTime();
        int emitted = 0;
        String problem = null;
        for (int i = 0; i < count && problem == null; i++) {
            problem = awaitWindow(tallies, i - window + 1L, timeoutNanos);
            if (problem != null) {
                break;
            }
            try {
                long seq = first + i;
                byte[] pad = pads.payload(seq);
                emitter.sendMessage(new Signals1.Tick(Signals1.OBJECT_PATH, seq, System.nanoTime(), pad));
                emitted++;
            } catch (DBusException | RuntimeException e) {
                problem = "cannot emit signal " + (first + i) + ": " + e.getMessage();
            }
        }
        String drained = awaitWindow(tallies, emitted, timeoutNanos);
        long end = tallies.stream().mapToLong(SubscriberTally::lastAt).max().orElse(start);
        return new SignalResult(tallies, count, emitted, Math.max(1, end - start), problem != null ? problem : drained);
    }

    /** Waits until every subscriber has {@code needed} signals; a subscriber that makes no progress for the
     *  timeout ends the run (what did not come counts as lost). */
    private static String awaitWindow(List<SubscriberTally> tallies, long needed, long timeoutNanos)
        throws InterruptedException {
        if (needed <= 0) {
            return null;
        }
        for (int s = 0; s < tallies.size(); s++) {
            SubscriberTally tally = tallies.get(s);
            long before = -1;
            while (tally.received() < needed) {
                long now = tally.received();
                if (now == before) {
                    return "subscriber " + s + " got " + now + " of " + needed + " signals, none more within "
                        + timeoutNanos / 1_000_000 + " ms";
                }
                before = now;
                tally.awaitReceived(needed, System.nanoTime() + timeoutNanos);
            }
        }
        return null;
    }

    @Override
    public void close() {
        subscribers.forEach(Subscriber::close);
        idle.close();
        emitter.disconnect();
    }
}
