package org.dbuslab.runner.exec;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Starts many persistent clients a few at a time: JVMs that all start together on 2 CPUs kept some from connecting
 * within their --connect-timeout (a default session has about 55 clients, a scale session 39). A client that still
 * does not become ready is started once more, alone, after the others.
 */
public final class StaggeredStart {

    /** Clients started together at most. */
    public static final int AT_ONCE = 6;

    /** The clients ready, and why each other one is not (after its second start). */
    public record Outcome<K>(Map<K, ClientProcess> ready, Map<K, String> failed) {
    }

    private StaggeredStart() {
    }

    /**
     * Starts LAUNCHES (service names from NAME), AT_ONCE at a time, each given TIMEOUT to become ready; AGAIN hears
     * of each client started a second time, with why the first did not become ready.
     */
    public static <K> Outcome<K> start(Supervisor supervisor, Map<K, Launch> launches, Function<K, String> name,
                                       Duration timeout, BiConsumer<K, String> again)
        throws IOException, InterruptedException {
        Map<K, ClientProcess> ready = new LinkedHashMap<>();
        Map<K, String> failed = new LinkedHashMap<>();
        ArrayDeque<Map.Entry<K, ClientProcess>> starting = new ArrayDeque<>();
        for (Map.Entry<K, Launch> e : launches.entrySet()) {
            if (starting.size() >= AT_ONCE) {
                await(starting.removeFirst(), timeout, ready, failed);
            }
            starting.addLast(Map.entry(e.getKey(), ClientProcess.start(supervisor, name.apply(e.getKey()), e.getValue())));
        }
        while (!starting.isEmpty()) {
            await(starting.removeFirst(), timeout, ready, failed);
        }
        Map<K, String> still = new LinkedHashMap<>();
        for (Map.Entry<K, String> f : failed.entrySet()) {
            again.accept(f.getKey(), f.getValue());
            await(Map.entry(f.getKey(), ClientProcess.start(supervisor, name.apply(f.getKey()), launches.get(f.getKey()))),
                timeout, ready, still);
        }
        return new Outcome<>(ready, still);
    }

    private static <K> void await(Map.Entry<K, ClientProcess> client, Duration timeout, Map<K, ClientProcess> ready,
                                  Map<K, String> failed) throws InterruptedException {
        try {
            client.getValue().awaitReady(timeout);
            ready.put(client.getKey(), client.getValue());
        } catch (ClientProcess.NotReady notReady) {
            failed.put(client.getKey(), notReady.getMessage());
        }
    }
}
