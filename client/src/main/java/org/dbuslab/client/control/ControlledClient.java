package org.dbuslab.client.control;

import org.dbuslab.client.run.PayloadGenerator;
import org.dbuslab.client.run.RunResult;

/** A connected client as the {@link ControlLoop} drives it: one run at a time, on the client's own run code. */
public interface ControlledClient {

    /** One run of {@code calls} calls with at most {@code window} outstanding; the same code as a non-control run. */
    RunResult run(int window, int calls, PayloadGenerator payloads) throws Exception;

    /** Why the connection cannot carry calls any more, or null while it can. */
    String lostReason();
}
