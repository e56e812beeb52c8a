package org.dbuslab.analysis.model;

import org.dbuslab.analysis.read.Environment;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

public class EnvironmentViewTest {

    private static String shown(Map<String, Object> values, String key) {
        return EnvironmentView.entries(new Environment(values, true)).stream()
            .filter(e -> e.key().equals(key)).findFirst().orElseThrow().value();
    }

    @Test
    public void emptyJvmFlagsMeanDefaultsNotUnknown() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("jvm_flags", "");
        values.put("cpu_governor", "");
        assertEquals("none (JVM defaults)", shown(values, "jvm_flags"));
        assertEquals("unknown", shown(values, "cpu_governor"));
    }

    @Test
    public void aRecordedNullDoesNotApplyAndIsNotUnknown() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("run_ms", null); // fixed calls per run
        values.put("hostname", "   ");
        assertEquals("none", shown(values, "run_ms"));
        assertEquals("unknown", shown(values, "hostname"));
    }

    @Test
    public void recordedJvmFlagsAreShownAsRecorded() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("jvm_flags", "-Xmx512m");
        assertEquals("-Xmx512m", shown(values, "jvm_flags"));
    }
}
