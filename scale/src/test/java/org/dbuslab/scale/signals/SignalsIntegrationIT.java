package org.dbuslab.scale.signals;

import org.dbuslab.scale.ResultLines;
import org.dbuslab.scale.ScaleMain;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The signals tool on real private buses: every signal reaches every subscriber once, in order, with and without
 *  idle rules. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SignalsIntegrationIT {

    @ParameterizedTest
    @ValueSource(strings = {"dbus-daemon", "dbus-broker"})
    void everySignalReachesEverySubscriberOnceInOrder(String transport) throws Exception {
        try (PrivateBus bus = PrivateBus.start(transport)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = ScaleMain.run(new String[] {"signals", "--address", bus.address(), "--transport", transport,
                "--subscribers", "1,3", "--match-rules", "0,100", "--rules-per-connection", "32",
                "--signals", "300", "--pad", "40", "--window", "16", "--warmup-runs", "0", "--runs", "1"},
                new PrintStream(out, true), new PrintStream(err, true));
            String stdout = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, exit, err.toString(StandardCharsets.UTF_8) + stdout);
            List<Map<String, String>> lines = ResultLines.parse(stdout);
            assertEquals(4, lines.size(), stdout);
            for (Map<String, String> line : lines) {
                int subscribers = Integer.parseInt(line.get("subscribers"));
                int rules = Integer.parseInt(line.get("match_rules"));
                assertEquals("signals", line.get("series"));
                assertEquals(Integer.toString((rules + 31) / 32), line.get("idle_connections"), line.toString());
                assertEquals("300", line.get("emitted"));
                assertEquals(Integer.toString(300 * subscribers), line.get("delivered"), line.toString());
                for (String count : new String[] {"lost", "duplicated", "out_of_order", "mismatched", "stray"}) {
                    assertEquals("0", line.get(count), count + ": " + line);
                }
                assertTrue(Long.parseLong(line.get("p50_ns")) > 0, line.toString());
                assertTrue(Double.parseDouble(line.get("delivered_per_s")) > 0, line.toString());
            }
        }
    }

}
