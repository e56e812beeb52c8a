package org.dbuslab.client.callpath;

import org.dbuslab.api.EchoContract;
import org.dbuslab.labio.LabWire;
import org.dbuslab.labio.MessageInterceptor;
import org.dbuslab.labio.OutgoingFrame;
import org.dbuslab.labio.frame.HotCodec;
import org.dbuslab.labio.frame.LabSerials;
import org.dbuslab.labio.frame.MethodCallTemplate;
import org.dbuslab.labio.frame.WireFrame;
import org.dbuslab.client.io.Watchdog;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.MethodReturn;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The lean call path: dbus-java still connects and authenticates, but the lab marshals each call itself ({@link
 * MethodCallTemplate}), the calling thread writes it to the socket (no hand-off to dbus-java's sender thread), and
 * the reply is read in place the moment it is whole ({@link WireFrame}: no parse into dbus-java's message, no
 * pending-call table lookup, no dispatch). A reply of any other shape (an error, a hostile body) still goes through
 * dbus-java's parser. With {@code -Ddbuslab.codec=dbus-java} ({@link HotCodec}) dbus-java marshals and parses all.
 * <p>
 * Who reads the reply depends on {@link ReplyReading}: with {@link ReplyReading#CALLING_THREAD} (synchronous
 * calls) the waiting caller reads the socket itself, as libdbus's blocking call does, so one thread wakes per
 * reply; with {@link ReplyReading#CALLER_LOOP} (pipelined calls) the caller queues its calls
 * and runs libdbus's kind of event loop while it waits; with {@link ReplyReading#READER_THREAD} dbus-java's
 * reader thread parses each reply and hands it to the caller.
 */
final class LeanCallPath implements EchoCallPath, MessageInterceptor {

    /** How long a caller waits for dbus-java's reader thread before it tries to take the turn to read again. */
    private static final long TURN_RETRY_NANOS = 1_000_000;
    /**
     * Calls queued beyond this many bytes wait for the socket to take some: a window times a large payload could
     * otherwise exceed memory (128 calls of 64 MiB).
     */
    private static final long MAX_QUEUED_BYTES = 16L << 20;
    /** How long a send may wait for the socket before the connection is given up, until told ({@link #limitBlockedSends}). */
    private static final long DEFAULT_SEND_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final AbstractConnection connection;
    private final LabWire wire;
    private final String destination;
    private final CallMethod method;
    /** The call's bytes, built once; null when dbus-java marshals ({@link HotCodec}). */
    private final MethodCallTemplate template;
    private final LabSerials serials = new LabSerials();
    /** Reused by whichever thread reads: one reads at a time (the reader's turn). */
    private final WireFrame frame = new WireFrame();
    private static final byte[] EMPTY = new byte[0];
    private final Map<Long, Slot> pending = new ConcurrentHashMap<>();
    private final boolean callerReads;
    /** The caller queues calls and waits in its event loop ({@link ReplyReading#CALLER_LOOP}). */
    private final boolean callerLoops;
    /**
     * Closes the socket under a send that waits past its limit (a peer that stopped reading fills the socket's
     * buffer, and a blocking write() has no timeout), and under a caller's read that waits past its deadline on a
     * socket without a receive timeout (TCP).
     */
    private final Watchdog watchdog;
    /** Whether {@link #watchdog} also guards the caller's reads. */
    private final boolean watchReads;
    private volatile long sendLimitNanos = DEFAULT_SEND_LIMIT_NANOS;
    /** What the watchdog closes; made once, not on every call. */
    private final Closeable abortWire;
    private volatile String lostReason;

    LeanCallPath(AbstractConnection connection, LabWire wire, String destination, CallMethod method,
                 ReplyReading reading) throws IOException {
        this.connection = connection;
        this.wire = wire;
        this.destination = destination;
        this.method = method;
        this.template = HotCodec.labFrames()
            ? new MethodCallTemplate(destination, method.objectPath(), method.iface(), method.member()) : null;
        this.callerLoops = reading == ReplyReading.CALLER_LOOP && wire.supportsEventLoop();
        this.callerReads = reading == ReplyReading.CALLING_THREAD || callerLoops;
        wire.intercept(this);
        wire.readOnCallingThreads(callerReads);
        // the loop's poll() ends at the deadline by itself; a blocking read on TCP does not
        this.watchReads = callerReads && !callerLoops && !wire.readsTimeOut();
        this.watchdog = new Watchdog("lean-call-watchdog");
        this.abortWire = wire::abort;
    }

    @Override
    public PendingReply send(byte[] payload) throws CallFailedException {
        if (lostReason != null) {
            throw new ConnectionLostException("not sent: connection lost: " + lostReason, null);
        }
        Slot slot = new Slot();
        slot.sent = payload;
        OutgoingFrame call;
        long serial;
        if (template != null) {
            serial = serials.next();
            call = template.call(serial, payload);
        } else {
            MethodCall message;
            try {
                message = connection.getMessageFactory().createMethodCall(destination, method.objectPath(),
                    method.iface(), method.member(), (byte) 0, EchoContract.PAYLOAD_SIGNATURE, payload);
            } catch (DBusException | RuntimeException e) {
                throw new CallFailedException("cannot build " + method.member() + ": " + e.getMessage(), e);
            }
            serial = message.getSerial();
            call = OutgoingFrame.of(message);
        }
        pending.put(serial, slot); // before writing: the reply may come back before write() returns
        try {
            if (callerLoops) {
                wire.queue(call);
                waitForQueueRoom();
            } else {
                writeWithinLimit(call);
            }
        } catch (IOException | DBusException | RuntimeException e) {
            pending.remove(serial);
            if (e instanceof IOException) { // the socket failed (the peer or bus is gone): no later call can pass
                giveUp("cannot send: " + DbusJavaConnector.rootMessage(e));
            }
            if (lostReason != null) {
                throw new ConnectionLostException("not sent: connection lost: " + lostReason, e);
            }
            throw new CallFailedException("cannot send " + method.member() + ": " + e.getMessage(), e);
        }
        return timeoutNanos -> {
            if (callerReads) {
                return readReply(slot, serial, timeoutNanos);
            }
            if (!slot.await(timeoutNanos)) {
                pending.remove(serial); // a late reply then goes to dbus-java, which drops it
            }
            return outcome(slot);
        };
    }

    /** A blocking write, ended by closing the socket when it waits longer than the send limit. */
    private void writeWithinLimit(OutgoingFrame call) throws IOException {
        watchdog.reset();
        watchdog.arm(abortWire, sendLimitNanos);
        try {
            wire.write(call);
        } finally {
            watchdog.disarm();
            if (watchdog.fired()) {
                sendBlocked();
            }
        }
    }

    private void sendBlocked() {
        giveUp("a send waited more than " + TimeUnit.NANOSECONDS.toMillis(sendLimitNanos)
            + " ms for the socket (the peer stopped reading); connection closed");
    }

    @Override
    public void limitBlockedSends(long timeoutNanos) {
        sendLimitNanos = timeoutNanos;
    }

    @Override
    public String lostReason() {
        return lostReason;
    }

    @Override
    public void abandon(String why) {
        giveUp(why);
    }

    /** Marks the connection lost, closes its socket and fails every waiting call at once. */
    private void giveUp(String why) {
        if (lostReason == null) {
            lostReason = why;
        }
        try {
            wire.abort();
        } catch (IOException ignored) {
            // closing anyway
        }
        pending.values().forEach(slot -> slot.complete(null));
        pending.clear();
    }

    @Override
    public ReplyReading replyReading() {
        if (callerLoops) {
            return ReplyReading.CALLER_LOOP;
        }
        return callerReads ? ReplyReading.CALLING_THREAD : ReplyReading.READER_THREAD;
    }

    /** While more than {@link #MAX_QUEUED_BYTES} wait to be sent, runs the event loop until the socket takes some. */
    private void waitForQueueRoom() throws IOException, DBusException {
        long deadline = System.nanoTime() + sendLimitNanos;
        while (wire.queuedBytes() > MAX_QUEUED_BYTES) {
            if (deadline - System.nanoTime() <= 0) {
                sendBlocked();
                throw new IOException(lostReason);
            }
            if (!wire.serviceUntil(() -> wire.queuedBytes() <= MAX_QUEUED_BYTES, deadline)) {
                LockSupport.parkNanos(TURN_RETRY_NANOS); // dbus-java's reader thread still holds the turn
            }
        }
    }

    /** The caller reads the socket until its reply is there (dispatching any other message on the way). */
    private Reply readReply(Slot slot, long serial, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        if (watchReads) {
            watchdog.reset();
            watchdog.arm(abortWire, timeoutNanos);
        }
        try {
            do { // at least once: even past its deadline a reply that has arrived counts
                if (!readUntilDone(slot, deadline)) {
                    // dbus-java's reader thread still holds the turn (its read began before callers took over):
                    // it hands this reply over, or gives the turn up after its next message
                    slot.await(Math.min(deadline - System.nanoTime(), TURN_RETRY_NANOS));
                }
            } while (!slot.done && deadline - System.nanoTime() > 0);
        } finally {
            if (watchReads) {
                watchdog.disarm();
            }
        }
        if (watchReads && watchdog.fired()) {
            lostReason = "closed after no reply within the reply timeout (a TCP read cannot time out by itself)";
            return Reply.timedOut();
        }
        if (!slot.done) {
            pending.remove(serial); // a late reply is then read by a later call and passed to dbus-java, which drops it
            return Reply.timedOut();
        }
        return outcome(slot);
    }

    /** @return false when another thread holds the turn to read */
    private boolean readUntilDone(Slot slot, long deadline) {
        try {
            return callerLoops ? wire.serviceUntil(() -> slot.done, deadline) : wire.readUntil(() -> slot.done, deadline);
        } catch (IOException e) {
            return true; // connectionLost has failed every waiting call, this one too
        } catch (DBusException e) {
            return true; // a message dbus-java could not parse was skipped; read on
        }
    }

    /** Runs on dbus-java's reader thread: takes our replies, leaves everything else to dbus-java. */
    @Override
    public boolean intercept(Message message) {
        if (!(message instanceof MethodReturn) && !(message instanceof Error)) {
            return false;
        }
        Slot slot = pending.remove(message.getReplySerial());
        if (slot == null) {
            return false;
        }
        slot.complete(ReplyDecoder.decode(message, method));
        return true;
    }

    /**
     * Takes a reply to one of our calls in place, when it has exactly the shape a correct reply has (a method return
     * with the payload as its one {@code ay}, or empty for Spam); anything else is parsed by dbus-java and reaches
     * {@link #intercept(Message)}, which decodes it the way every call path does.
     */
    @Override
    public boolean interceptFrame(ByteBuffer buffer, int start, int length) {
        if (!frame.read(buffer, start, length) || frame.type() != WireFrame.METHOD_RETURN) {
            return false;
        }
        Slot slot = pending.get(frame.replySerial());
        if (slot == null) {
            return false;
        }
        byte[] payload;
        if (method.echoesPayload()) {
            if (!frame.carriesByteArray()) {
                payload = null;
            } else if (frame.byteArrayBodyEquals(slot.sent)) {
                payload = slot.sent; // compared byte for byte in place: the verifier gets the very bytes it expects
            } else {
                payload = frame.byteArrayBody(); // copied out, so the verifier counts the mismatch
            }
        } else {
            payload = frame.bodyLength() == 0 && frame.signatureIs(EMPTY) ? EMPTY : null;
        }
        if (payload == null || pending.remove(frame.replySerial()) != slot) {
            return false;
        }
        slot.complete(Reply.returned(payload));
        return true;
    }

    @Override
    public void connectionLost(IOException cause) {
        if (lostReason == null) { // the first reason is the one that explains (a close we made ends in end-of-file)
            lostReason = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        }
        // Calls still waiting will never get a reply: fail them now instead of letting each time out.
        pending.values().forEach(slot -> slot.complete(null));
        pending.clear();
    }

    /** What a finished slot holds; null there means the connection was lost before the reply came. */
    private Reply outcome(Slot slot) {
        Reply reply = slot.reply;
        if (reply != null) {
            return reply;
        }
        return lostReason != null ? Reply.lost("connection lost: " + lostReason) : Reply.timedOut();
    }

    @Override
    public void close() {
        wire.intercept(null);
        try {
            wire.readOnCallingThreads(false);
        } catch (IOException ignored) {
            // disconnecting anyway
        }
        watchdog.close();
        try {
            // first, so that dbus-java's disconnect, which sends what its sender thread still holds, cannot block
            // on a peer that stopped reading (nor wait for the writer's lock a blocked write holds)
            wire.abort();
        } catch (IOException ignored) {
            // disconnecting anyway
        }
        connection.disconnect();
    }

    /**
     * One call's reply, handed from the reader thread to the caller. Park and unpark on volatile fields rather
     * than a monitor's wait and notify, so the woken caller never has to take a monitor back from the reader
     * thread (a synchronous call: 135–139 against 141–160 µs in three alternating pairs, docs/EXPERIMENTS.md).
     */
    private static final class Slot {
        private volatile Reply reply;
        private volatile boolean done;
        private volatile Thread waiter;
        /** The call's payload, to compare an echo with in place. */
        private byte[] sent;

        /** @param outcome the decoded reply, or null when the connection was lost */
        void complete(Reply outcome) {
            reply = outcome;
            done = true;
            Thread parked = waiter;
            if (parked != null) {
                LockSupport.unpark(parked);
            }
        }

        /** True when the slot completed within {@code timeoutNanos}. */
        boolean await(long timeoutNanos) throws InterruptedException {
            if (done) {
                return true;
            }
            waiter = Thread.currentThread(); // written before done is read again: complete() sees it or we see done
            long deadline = System.nanoTime() + timeoutNanos;
            while (!done) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                LockSupport.parkNanos(this, left);
            }
            return true;
        }
    }
}
