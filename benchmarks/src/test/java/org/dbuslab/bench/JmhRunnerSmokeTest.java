package org.dbuslab.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated JMH harness works: every benchmark without a bus runs through JMH's Runner once
 * (in this JVM, one 100 ms iteration, no warm-up). A smoke run, not a measurement.
 */
class JmhRunnerSmokeTest {

    @Test
    @Timeout(60)
    void everyLocalBenchmarkRunsThroughJmh() throws Exception {
        Options options = new OptionsBuilder()
            .include("org\\.dbuslab\\.bench\\.(Marshal|Unmarshal|EchoBody)Benchmarks\\.")
            .forks(0)
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(100))
            .shouldFailOnError(true)
            .verbosity(org.openjdk.jmh.runner.options.VerboseMode.SILENT)
            .build();
        Collection<RunResult> results = new Runner(options).run();
        // 3 marshal + 3 unmarshal + 6 echo methods x 2 payload sizes
        assertEquals(18, results.size());
        for (RunResult r : results) {
            double score = r.getPrimaryResult().getScore();
            assertTrue(score > 0 && Double.isFinite(score), r.getParams().getBenchmark() + ": " + score);
            assertEquals("us/op", r.getPrimaryResult().getScoreUnit());
        }
    }
}
