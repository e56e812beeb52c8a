package org.dbuslab.client.callpath;

/** The reply of one sent call, still to come or already there. */
public interface PendingReply {

    /**
     * Blocks until the reply is there or {@code timeoutNanos} have passed since this call; never spins.
     * A timeout of 0 only takes a reply that is already there.
     *
     * @return the reply, or {@link Reply#timedOut()} when none arrived in time
     */
    Reply await(long timeoutNanos) throws InterruptedException;
}
