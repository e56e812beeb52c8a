package org.dbuslab.client.run;

import org.dbuslab.client.callpath.Reply;

import java.util.Arrays;

/** Compares every reply byte for byte with what its call sent. */
public final class ReplyVerifier {

    private ReplyVerifier() {
    }

    public static Verdict verify(byte[] sent, Reply reply) {
        return switch (reply.status()) {
            case TIMED_OUT -> Verdict.LOST;
            case ERROR -> Verdict.ERROR;
            case RETURNED -> Arrays.equals(sent, reply.payload()) ? Verdict.OK : Verdict.MISMATCHED;
        };
    }
}
