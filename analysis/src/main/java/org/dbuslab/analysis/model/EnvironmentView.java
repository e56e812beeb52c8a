package org.dbuslab.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbuslab.analysis.read.Environment;

/**
 * environment.json as the reports show it: every key that is present, known keys in a fixed order with a
 * readable label, keys this version does not know last in alphabetical order under their own name. So a
 * new key recorded by a newer lab shows up without a change here.
 */
public final class EnvironmentView {

    /** Known keys in display order, with their labels. */
    private static final Map<String, String> LABELS = new LinkedHashMap<>();

    static {
        LABELS.put("date_utc", "Session start (UTC)");
        LABELS.put("hostname", "Host");
        LABELS.put("os", "OS");
        LABELS.put("kernel", "Kernel");
        LABELS.put("cpu_model", "CPU");
        LABELS.put("cpu_count", "CPUs");
        LABELS.put("cpu_governor", "CPU frequency governor");
        LABELS.put("memory_total_kb", "Memory");
        LABELS.put("java_version", "Java");
        LABELS.put("java_vm", "JVM");
        LABELS.put("jvm_flags", "JVM flags");
        LABELS.put("dbus_daemon_version", "dbus-daemon");
        LABELS.put("dbus_broker_version", "dbus-broker");
        LABELS.put("bus_max_replies_per_connection", "Bus max_replies_per_connection");
        LABELS.put("dbus_java_version", "dbus-java");
        LABELS.put("lab_git_revision", "Lab git revision");
    }

    /** One line of the environment list. */
    public record Entry(String key, String label, String value) {
    }

    private EnvironmentView() {
    }

    public static List<String> orderedKeys(Iterable<String> keys) {
        List<String> known = new ArrayList<>(LABELS.keySet());
        List<String> ordered = new ArrayList<>();
        keys.forEach(ordered::add);
        ordered.sort(Comparator.<String>comparingInt(k -> known.contains(k) ? known.indexOf(k) : known.size())
                .thenComparing(Comparator.naturalOrder()));
        return ordered;
    }

    public static List<Entry> entries(Environment environment) {
        return orderedKeys(environment.values().keySet()).stream()
                .map(key -> new Entry(key, LABELS.getOrDefault(key, key), display(key, environment)))
                .toList();
    }

    private static String display(String key, Environment environment) {
        // An empty flag list was measured: the JVMs ran with their defaults. Only a missing key is unknown.
        if (key.equals("jvm_flags") && "".equals(environment.values().get(key))) {
            return "none (JVM defaults)";
        }
        String value = environment.text(key);
        return key.equals("memory_total_kb") ? Numbers.memoryFromKb(value) : value;
    }
}
