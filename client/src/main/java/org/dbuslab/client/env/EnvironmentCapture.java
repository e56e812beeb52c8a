package org.dbuslab.client.env;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.dbuslab.cli.LabCli;
import org.freedesktop.dbus.connections.impl.DBusConnection;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Records the machine a session ran on into environment.json, so every report can say where its numbers come
 * from. Part of measurement: it reads the machine; the analysis only prints what it finds here.
 * Usage: {@code java -cp dbus-lab-client.jar org.dbuslab.client.env.EnvironmentCapture --out FILE [key=value ...]}
 * where key=value pairs add facts only the lab knows (e.g. bus limits in force).
 */
public final class EnvironmentCapture {

    static final String UNKNOWN = "unknown";
    private static final String PROG = "EnvironmentCapture";

    private EnvironmentCapture() {
    }

    public static void main(String[] args) {
        if (args.length < 2 || !"--out".equals(args[0])) {
            LabCli.exit(LabCli.fail(System.err, PROG, "usage: --out FILE [key=value ...]", LabCli.USAGE));
        }
        Map<String, Object> facts = capture();
        for (int i = 2; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq <= 0) {
                LabCli.exit(LabCli.fail(System.err, PROG, "expected key=value, got '" + args[i] + "'", LabCli.USAGE));
            }
            facts.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        try {
            Path out = Path.of(args[1]);
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), facts);
        } catch (IOException e) {
            LabCli.exit(LabCli.fail(System.err, PROG, "cannot write " + args[1] + ": " + e.getMessage(),
                LabCli.FAILURE));
        }
    }

    /** Every fact the JVM can read itself; anything unreadable is "unknown". */
    public static Map<String, Object> capture() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("date_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        facts.put("hostname", orUnknown(() -> InetAddress.getLocalHost().getHostName()));
        facts.put("kernel", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        facts.put("os", osRelease().orElse(UNKNOWN));
        facts.put("cpu_model", cpuModel().orElse(UNKNOWN));
        facts.put("cpu_count", Runtime.getRuntime().availableProcessors());
        facts.put("cpu_governor", firstLine(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")).orElse(UNKNOWN));
        facts.put("memory_total_kb", memTotalKb().map(Object.class::cast).orElse(UNKNOWN));
        facts.put("java_version", System.getProperty("java.runtime.version", System.getProperty("java.version")));
        facts.put("java_vm", System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ")");
        facts.put("jvm_flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        facts.put("dbus_daemon_version", commandFirstLine(List.of("dbus-daemon", "--version")).orElse(UNKNOWN));
        facts.put("dbus_broker_version", commandFirstLine(List.of("dbus-broker", "--version")).orElse(UNKNOWN));
        facts.put("dbus_java_version", dbusJavaVersion());
        facts.put("lab_git_revision", commandFirstLine(List.of("git", "describe", "--always", "--dirty", "--abbrev=12"))
            .orElse(UNKNOWN));
        return facts;
    }

    private static String dbusJavaVersion() {
        String version = DBusConnection.class.getPackage().getImplementationVersion();
        if (version != null) {
            return version;
        }
        // The shaded jar keeps each dependency's pom.properties.
        try (var in = EnvironmentCapture.class.getResourceAsStream(
            "/META-INF/maven/com.github.hypfvieh/dbus-java-core/pom.properties")) {
            if (in == null) {
                return UNKNOWN;
            }
            java.util.Properties props = new java.util.Properties();
            props.load(in);
            return props.getProperty("version", UNKNOWN);
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static Optional<String> osRelease() {
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return Optional.of(line.substring("PRETTY_NAME=".length()).replace("\"", ""));
                }
            }
        } catch (IOException ignored) {
            // fall through to unknown
        }
        return Optional.empty();
    }

    private static Optional<String> cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim())
                .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> memTotalKb() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream()
                .filter(l -> l.startsWith("MemTotal:"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                .findFirst();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> firstLine(Path file) {
        try {
            return Files.readAllLines(file).stream().findFirst().map(String::trim);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> commandFirstLine(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(5, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return out.lines().findFirst().map(String::trim);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private interface Reader {
        String read() throws IOException;
    }

    private static String orUnknown(Reader reader) {
        try {
            return reader.read();
        } catch (IOException e) {
            return UNKNOWN;
        }
    }
}
