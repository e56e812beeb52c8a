package org.dbuslab.analysis.read;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine a session ran on, as environment.json recorded it. Values are kept exactly as read
 * (strings and numbers) so summary.json can pass them on unchanged.
 */
public record Environment(Map<String, Object> values, boolean recorded) {

    public static final String UNKNOWN = "unknown";

    /** The keys docs/RESULTS-FORMAT.md promises, and those the per-call latency work added. */
    public static final List<String> DOCUMENTED_KEYS = List.of(
            "date_utc", "hostname", "kernel", "os", "cpu_model", "cpu_count", "cpu_governor", "memory_total_kb",
            "java_version", "java_vm", "jvm_flags", "dbus_daemon_version", "dbus_broker_version",
            "bus_max_replies_per_connection", "dbus_java_version", "lab_git_revision");

    public Environment {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Without environment.json every documented key reads "unknown", the format's own word for unreadable. */
    public static Environment unknown() {
        Map<String, Object> values = new LinkedHashMap<>();
        DOCUMENTED_KEYS.forEach(key -> values.put(key, UNKNOWN));
        return new Environment(values, false);
    }

    /** What a recorded JSON null shows as: the runner's null is "does not apply" (run_ms with fixed calls). */
    public static final String NONE = "none";

    /**
     * A value for display; absent or blank shows as "unknown" so the report never has holes, a recorded null as
     * {@link #NONE}.
     */
    public String text(String key) {
        Object value = values.get(key);
        if (value == null && values.containsKey(key)) {
            return NONE;
        }
        String text = value == null ? "" : String.valueOf(value).strip();
        return text.isEmpty() ? UNKNOWN : text;
    }
}
