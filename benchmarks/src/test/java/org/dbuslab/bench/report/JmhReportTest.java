package org.dbuslab.bench.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhReportTest {

    private static String entry(String benchmark, String params, String score, String error, String unit) {
        return """
            {"jmhVersion":"1.37","benchmark":"org.dbuslab.bench.%s","mode":"avgt","forks":2,
             "jdkVersion":"17.0.15","vmName":"OpenJDK 64-Bit Server VM","warmupIterations":5,"warmupTime":"1 s",
             "measurementIterations":5,"measurementTime":"1 s","params":{%s},
             "primaryMetric":{"score":%s,"scoreError":%s,"scoreUnit":"%s","rawData":[[1,2,3,4,5],[1,2,3,4,5]]}}
            """.formatted(benchmark, params, score, error, unit);
    }

    private static final String JSON = "[" + String.join(",",
        entry("MarshalBenchmarks.marshalMixed", "", "120.5", "3.25", "us/op"),
        entry("MarshalAndSendBenchmarks.connectMarshalAndSend", "", "20.5", "1.5", "ms/op"),
        entry("EchoBodyBenchmarks.decodeReplyTyped", "\"payloadBytes\":\"1000\"", "2.0", "\"NaN\"", "us/op"),
        entry("EchoBodyBenchmarks.decodeReplyUntyped", "\"payloadBytes\":\"1000\"", "150000", "10", "ns/op")) + "]";

    private static final String ENV = """
        {"cpu_model":"Test CPU","cpu_count":2,"os":"Debian","kernel":"Linux 6","date_utc":"2025-01-01T00:00:00Z",
         "dbus_java_version":"5.1.1"}""";

    @Test
    void tableHasScoresInMicrosecondsAndTheLabelledSeedBesideThem() throws Exception {
        String md = JmhReport.render(JSON, ENV, null);
        assertTrue(md.contains("Test CPU (2 CPUs), Debian"), md);
        assertTrue(md.contains("| MarshalBenchmarks.marshalMixed | — | 120.5 | 3.250 | 3% | 10 |"), md);
        assertTrue(md.contains("| MarshalAndSendBenchmarks.connectMarshalAndSend | — | 20500 | 1500 | 7% | 10 |"), md);
        assertTrue(md.contains("| EchoBodyBenchmarks.decodeReplyTyped | payloadBytes=1000 | 2.000 | n/a | n/a | 10 |"), md);
        assertTrue(md.contains("| EchoBodyBenchmarks.decodeReplyUntyped | payloadBytes=1000 | 150.0 | 0.0100 | 0% | 10 |"), md);
        assertTrue(!md.contains("*noisy*"), md);
        assertTrue(md.contains("Ryzen 7 3800X, rustc 1.65, 2020s — other hardware, other language: orientation only"));
        assertTrue(md.contains("| MarshalMixed | 120.5 | 3.426 | 168.8 |"), md);
        assertTrue(md.contains("| Marshal + Send | 20500 | 132.9 |"), md);
        assertTrue(md.contains("| MarshalStrArray | not run |"), md);
        // untyped 150 µs vs typed 2 µs
        assertTrue(md.contains("| payloadBytes=1000 | — | 2.000 | 150.0 | 75x | — | — |"), md);
    }

    @Test
    void wideErrorsAreFlagged() throws Exception {
        String md = JmhReport.render("[" + entry("MarshalBenchmarks.marshalBigArray", "", "100", "30", "us/op") + "]", null, null);
        assertTrue(md.contains("| 100.0 | 30.00 | 30% *noisy* | 10 |"), md);
        assertTrue(md.contains("Rows marked *noisy*"), md);
        assertTrue(md.contains("Machine: unknown"), md);
    }

    @Test
    void failuresAreListedFromTheLog() throws Exception {
        String log = """
            # Benchmark: org.dbuslab.bench.MarshalBenchmarks.marshalMixed
            Iteration   1: 1.0 us/op
            # Benchmark: org.dbuslab.bench.MarshalAndSendBenchmarks.marshalAndSend
            <failure>
            java.lang.IllegalStateException: bus
            # Benchmark: org.dbuslab.bench.EchoBodyBenchmarks.encodeCall
            # Parameters: (payloadBytes = 1000)
            <failure>
            """;
        assertEquals("[MarshalAndSendBenchmarks.marshalAndSend, EchoBodyBenchmarks.encodeCall (payloadBytes = 1000)]",
            JmhReport.failures(log).toString());
        assertTrue(JmhReport.render("[]", null, log).contains("**Failed, no result (see jmh.log):** MarshalAndSendBenchmarks"));
    }

    @Test
    void badInputIsRefused() {
        assertThrows(Exception.class, () -> JmhReport.render("{}", null, null));
        assertThrows(IllegalArgumentException.class, () -> JmhResult.microsPer("ops/s"));
    }

    @Test
    void numbersKeepAboutFourDigits() {
        assertEquals("3.426", JmhReport.fmt(3.4257));
        assertEquals("1329", JmhReport.fmt(1328.6));
        assertEquals("0.1235", JmhReport.fmt(0.12345));
        assertEquals("n/a", JmhReport.fmt(Double.NaN));
    }
}
