package org.dbuslab.client.run;

import org.HdrHistogram.Histogram;

/**
 * One run: how long its calls took from the first send to the last verified reply, and how they ended.
 * {@code firstProblem} describes the first failed call (null when all were OK), so a failure is explained.
 * {@code latencies} holds one round-trip time in nanoseconds per verified call (verdict OK): lost, mismatched and
 * error calls have none, since a mismatched reply did not answer the call and an error reply did not echo it.
 * {@code abandoned} says why the connection was given up during this run (null when it was not): its calls not
 * answered by then count as lost, and no further run can be made on it.
 */
public record RunResult(int calls, long elapsedNanos, long ok, long lost, long mismatched, long errors,
                        String firstProblem, Histogram latencies, String abandoned) {

    public boolean clean() {
        return lost == 0 && mismatched == 0 && errors == 0 && ok == calls;
    }

    public double microsPerCall() {
        return calls == 0 ? 0 : elapsedNanos / 1_000.0 / calls;
    }
}
