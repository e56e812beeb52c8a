package org.dbuslab.labio;

import java.lang.reflect.Method;
import java.nio.channels.SocketChannel;
import java.util.Optional;

/**
 * The file descriptor behind one of the JDK's own socket channels (dbus-java's TCP transport uses them), read
 * through the JDK's internal {@code sun.nio.ch.SelChImpl#getFDVal}. That needs {@code sun.nio.ch} exported to the
 * lab: {@code Add-Exports: java.base/sun.nio.ch} in an executable jar's manifest, or
 * {@code --add-exports java.base/sun.nio.ch=ALL-UNNAMED}. Without it there is no descriptor, and callers keep to
 * what the channel itself offers.
 */
final class JdkDescriptor {

    private static final Method GET_FD_VAL = lookUp();

    private JdkDescriptor() {
    }

    static Optional<Integer> of(SocketChannel channel) {
        if (GET_FD_VAL == null || !GET_FD_VAL.getDeclaringClass().isInstance(channel)) {
            return Optional.empty();
        }
        try {
            return Optional.of((Integer) GET_FD_VAL.invoke(channel));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Method lookUp() {
        try {
            Method method = Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal");
            boolean exported = method.getDeclaringClass().getModule()
                .isExported("sun.nio.ch", JdkDescriptor.class.getModule());
            return exported ? method : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
