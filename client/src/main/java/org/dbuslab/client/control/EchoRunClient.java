package org.dbuslab.client.control;

import org.dbuslab.client.callpath.EchoCallPath;
import org.dbuslab.client.run.EchoRun;
import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.PayloadRings;
import org.dbuslab.client.run.RunResult;

/** The D-Bus client under control: each run is an {@link EchoRun} of its window on the one connection. */
public final class EchoRunClient implements ControlledClient {

    private final EchoCallPath path;
    private final long replyTimeoutNanos;
    private final boolean echoed;
    private final PayloadRings rings = new PayloadRings();

    /** @param echoed true when replies carry the payload back (echo), false when they are empty (spam) */
    public EchoRunClient(EchoCallPath path, long replyTimeoutNanos, boolean echoed) {
        this.path = path;
        this.replyTimeoutNanos = replyTimeoutNanos;
        this.echoed = echoed;
    }

    @Override
    public RunResult run(int window, int calls, PayloadGenerator payloads) throws Exception {
        return new EchoRun(path, window, replyTimeoutNanos, echoed, rings).run(calls, payloads);
    }

    @Override
    public String lostReason() {
        return path.lostReason();
    }
}
