package org.dbuslab.testkit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Fails a test class that leaves a dbus-java connection thread running in the test JVM. Such a thread outlives
 * its class and may spin: dbus-java's reader of a connection whose socket was closed before disconnect() loops on
 * a core forever, and 29 of them once made every later class of the client module's fork 10 times slower.
 * Registered for every test class that has testkit on its class path (META-INF/services and the poms'
 * junit.jupiter.extensions.autodetection.enabled).
 */
public final class NoLeakedConnectionThreads implements BeforeAllCallback, AfterAllCallback {

    /** dbus-java names its reader threads "DBusConnection [listener=...]". */
    static final String THREAD_PREFIX = "DBusConnection";
    /** A disconnect ends its reader within milliseconds; this is for a loaded machine. */
    private static final long GRACE_SECONDS = 20;

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(NoLeakedConnectionThreads.class);
    private static final String BEFORE = "threads before";

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(NAMESPACE).put(BEFORE, connectionThreads().keySet());
    }

    @Override
    @SuppressWarnings("unchecked")
    public void afterAll(ExtensionContext context) throws InterruptedException {
        Set<Thread> before = (Set<Thread>) context.getStore(NAMESPACE).get(BEFORE, Set.class);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        Map<Thread, StackTraceElement[]> left = leftSince(before);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = leftSince(before);
        }
        if (!left.isEmpty()) {
            throw new AssertionError(left.size() + " dbus-java connection thread(s) of " + context.getDisplayName()
                + " still running " + GRACE_SECONDS + " s after its last test (a connection not disconnected): "
                + left.entrySet().stream().map(e -> e.getKey().getName() + " " + e.getKey().getState() + " at "
                    + Arrays.stream(e.getValue()).limit(4).map(String::valueOf).collect(Collectors.joining(" < ")))
                .collect(Collectors.joining("; ")));
        }
    }

    private static Map<Thread, StackTraceElement[]> leftSince(Set<Thread> before) {
        Map<Thread, StackTraceElement[]> now = connectionThreads();
        now.keySet().removeAll(before);
        return now;
    }

    private static Map<Thread, StackTraceElement[]> connectionThreads() {
        return Thread.getAllStackTraces().entrySet().stream()
            .filter(e -> e.getKey().getName().startsWith(THREAD_PREFIX) && e.getKey().isAlive())
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }
}
