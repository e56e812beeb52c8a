package org.dbuslab.client.run;

import org.dbuslab.client.callpath.CallFailedException;
import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.callpath.PendingReply;
import org.dbuslab.client.callpath.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A call path for unit tests of the measuring loop and the verifier (no D-Bus involved): each reply is made by
 * a script from the call's index and every payload sent so far, so tests can corrupt, swap or drop replies.
 * It also records how many calls were outstanding at most. A reply scripted as timed out (without a reason) costs
 * the wait a real one would.
 */
public final class ScriptedCallPath implements EchoCallPath {

    private final BiFunction<Integer, List<byte[]>, Reply> script;
    private final boolean keepArrays;
    private final List<byte[]> sent = new ArrayList<>();
    private int outstanding;
    private int maxOutstanding;

    public ScriptedCallPath(BiFunction<Integer, List<byte[]>, Reply> script) {
        this(script, false);
    }

    private ScriptedCallPath(BiFunction<Integer, List<byte[]>, Reply> script, boolean keepArrays) {
        this.script = script;
        this.keepArrays = keepArrays;
    }

    /**
     * A path that keeps the sent arrays themselves, not copies, so the script reads them when the reply is taken:
     * an array written over while its call was in flight gives a different reply.
     */
    public static ScriptedCallPath keepingArrays(BiFunction<Integer, List<byte[]>, Reply> script) {
        return new ScriptedCallPath(script, true);
    }

    public static ScriptedCallPath honest() {
        return new ScriptedCallPath((i, sent) -> Reply.returned(sent.get(i).clone()));
    }

    @Override
    public PendingReply send(byte[] payload) throws CallFailedException {
        int index = sent.size();
        sent.add(keepArrays ? payload : payload.clone());
        outstanding++;
        maxOutstanding = Math.max(maxOutstanding, outstanding);
        return timeoutNanos -> {
            outstanding--;
            Reply reply = script.apply(index, sent);
            if (reply.status() == Reply.Status.TIMED_OUT && reply.errorName() == null) {
                java.util.concurrent.TimeUnit.NANOSECONDS.sleep(timeoutNanos); // a missing reply is waited for
            }
            return reply;
        };
    }

    /** The array (or its copy) of call INDEX. */
    byte[] sentArray(int index) {
        return sent.get(index);
    }

    /** Calls sent so far. */
    int sent() {
        return sent.size();
    }

    public int maxOutstanding() {
        return maxOutstanding;
    }

    @Override
    public void close() {
    }
}
