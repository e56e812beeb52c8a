package org.dbuslab.client.run;

import org.dbuslab.client.callpath.Reply;

import java.util.Arrays;

/**
 * Compares every reply byte for byte with what it must be: the bytes its call sent (echo), or nothing (spam).
 */
public final class ReplyVerifier {

    private ReplyVerifier() {
    }

    private static final byte[] EMPTY = new byte[0];

    public static Verdict verify(byte[] sent, Reply reply) {
        return verify(sent, reply, true);
    }

    /** @param echoed true when the reply must carry {@code sent} back, false when it must be empty */
    public static Verdict verify(byte[] sent, Reply reply, boolean echoed) {
        return switch (reply.status()) {
            case TIMED_OUT -> Verdict.LOST;
            case ERROR -> Verdict.ERROR;
            case RETURNED -> Arrays.equals(echoed ? sent : EMPTY, reply.payload()) ? Verdict.OK : Verdict.MISMATCHED;
        };
    }
}
