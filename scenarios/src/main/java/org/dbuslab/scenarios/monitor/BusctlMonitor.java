package org.dbuslab.scenarios.monitor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real observer on the bus: {@code busctl --address=ADDR monitor --json=short}, which becomes a monitor
 * (org.freedesktop.DBus.Monitoring.BecomeMonitor) and prints every message on the bus, as the Agama authors did
 * with {@code busctl --system monitor}. Each JSON line becomes an {@link ObservedMessage}.
 */
public final class BusctlMonitor implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String READY_LINE = "Monitoring bus message stream.";

    private final Process process;
    private final List<ObservedMessage> messages = new ArrayList<>();
    private final Thread reader;
    private final StringBuilder stderr = new StringBuilder();
    private boolean ready;

    private BusctlMonitor(Process process) {
        this.process = process;
        this.reader = new Thread(this::readMessages, "busctl-monitor-stdout");
        this.reader.setDaemon(true);
        Thread errors = new Thread(this::readStderr, "busctl-monitor-stderr");
        errors.setDaemon(true);
        this.reader.start();
        errors.start();
    }

    /** Starts the monitor and waits until busctl says it monitors (BecomeMonitor succeeded). */
    public static BusctlMonitor start(String address, long timeoutMs) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("busctl", "--address=" + address, "monitor", "--json=short").start();
        process.getOutputStream().close();
        BusctlMonitor monitor = new BusctlMonitor(process);
        monitor.awaitReady(timeoutMs);
        return monitor;
    }

    /** Blocks until a message matching {@code what} has been seen; false on timeout. */
    public synchronized boolean await(Predicate<ObservedMessage> what, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (messages.stream().noneMatch(what)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || !process.isAlive() && !reader.isAlive()) {
                return messages.stream().anyMatch(what);
            }
            wait(Math.min(left, 100));
        }
        return true;
    }

    /** Everything seen so far, in bus order. */
    public synchronized List<ObservedMessage> messages() {
        return List.copyOf(messages);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(3, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(3, TimeUnit.SECONDS);
        }
        reader.join(3_000);
    }

    private synchronized void awaitReady(long timeoutMs) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!ready) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || !process.isAlive()) {
                String why = stderr.toString().strip();
                close();
                throw new IOException("busctl monitor did not start" + (why.isEmpty() ? "" : ": " + why));
            }
            wait(Math.min(left, 50));
        }
    }

    private void readMessages() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                ObservedMessage message = parse(line);
                if (message != null) {
                    synchronized (this) {
                        messages.add(message);
                        notifyAll();
                    }
                }
            }
        } catch (IOException e) {
            // the process ended; what was read stays
        }
        synchronized (this) {
            notifyAll();
        }
    }

    private void readStderr() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (this) {
                    if (line.contains(READY_LINE)) {
                        ready = true;
                    } else {
                        stderr.append(line).append('\n');
                    }
                    notifyAll();
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    /** One JSON line of busctl's output; null for anything that is not a message. */
    static ObservedMessage parse(String line) {
        try {
            JsonNode m = JSON.readTree(line);
            if (m == null || !m.has("type")) {
                return null;
            }
            JsonNode data = m.path("payload").path("data");
            return new ObservedMessage(text(m, "type"), text(m, "sender"), text(m, "destination"), text(m, "interface"),
                text(m, "member"), m.path("cookie").asLong(-1), m.path("reply_cookie").asLong(-1),
                stringAt(data, 0), stringAt(data, 2));
        } catch (IOException e) {
            return null;
        }
    }

    private static String text(JsonNode m, String field) {
        JsonNode v = m.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String stringAt(JsonNode data, int index) {
        JsonNode v = data.path(index);
        return v.isTextual() ? v.asText() : null;
    }
}
