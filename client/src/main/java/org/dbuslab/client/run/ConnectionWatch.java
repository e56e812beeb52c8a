package org.dbuslab.client.run;

import org.dbuslab.client.callpath.EchoCallPath;

import java.util.concurrent.TimeUnit;

/**
 * Tells when a connection is clearly dead, so a run stops waiting on it: the connection reports itself gone (closed,
 * end of stream, a send that blocked past the reply timeout), or {@link #DEAD_AFTER_TIMEOUTS} calls in a row were lost
 * while nothing at all came back for that many reply timeouts. One lost call on a live connection (a late reply, a
 * dropped call) leaves it alone: other replies keep coming, the silence is shorter, or too few calls were lost (a
 * loaded machine can stretch one timeout's wait to several). Without this a stalled server made a run
 * take calls ÷ window × reply timeout (2.8 h for a synchronous run with the defaults).
 */
final class ConnectionWatch {

    /** How many reply timeouts of silence, and lost calls in a row, make a connection dead. */
    static final int DEAD_AFTER_TIMEOUTS = 3;

    private final EchoCallPath path;
    private final long deadAfterNanos;
    private long lastAnswerNanos;
    /** A call was lost since the last answer: the silence goes on across runs. */
    private boolean silent;
    private int lostInARow;
    private String deadReason;

    ConnectionWatch(EchoCallPath path, long replyTimeoutNanos) {
        this.path = path;
        this.deadAfterNanos = DEAD_AFTER_TIMEOUTS * replyTimeoutNanos;
    }

    /**
     * A run starts now. After an answered run, silence is counted from here at the earliest (time between runs is no
     * silence); after a run that ended in lost calls it goes on, so short runs cannot hide a stall.
     */
    void runStarts(long nowNanos) {
        if (!silent) {
            lastAnswerNanos = nowNanos;
        }
    }

    /** Something came back from the peer (a reply of any kind): it is alive. */
    void answered(long nowNanos) {
        lastAnswerNanos = nowNanos;
        silent = false;
        lostInARow = 0;
    }

    /** A call got no reply: decides whether the connection is dead, and if so abandons it. */
    void lost(long nowNanos) {
        silent = true;
        lostInARow++;
        if (deadReason == null && lostInARow >= DEAD_AFTER_TIMEOUTS && nowNanos - lastAnswerNanos >= deadAfterNanos) {
            abandon("nothing came back for " + TimeUnit.NANOSECONDS.toMillis(nowNanos - lastAnswerNanos) + " ms ("
                + DEAD_AFTER_TIMEOUTS + " reply timeouts): connection abandoned");
        }
        checkPath();
    }

    /** Looks whether the connection reported itself gone. */
    void checkPath() {
        String lost = path.lostReason();
        if (deadReason == null && lost != null) {
            abandon("connection lost: " + lost);
        }
    }

    private void abandon(String why) {
        deadReason = why;
        path.abandon(why);
    }

    /** Null while the connection may still answer; otherwise why it was given up. */
    String deadReason() {
        return deadReason;
    }
}
