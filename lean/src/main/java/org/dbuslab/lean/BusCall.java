package org.dbuslab.lean;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ServiceConfigurationError;

/**
 * One method call on a message bus, as a fresh process makes it: connect to the bus's unix socket with the JDK's
 * SocketChannel (Java 16+) under a {@link Watchdog}, then one write of SASL EXTERNAL, BEGIN, Hello (serial 1) and the call (serial 2), and
 * reads until the call's reply. The bus handles them in order, so nothing waits for a round trip the answer does
 * not depend on; a failed authentication or Hello still comes back as the first thing read. The NameAcquired signal
 * and Hello's reply are read past.
 *
 * <p>After a reply the socket is left open for the process's exit to close, as a one-shot C client leaves it:
 * closing a connected SocketChannel first asks the socket for SO_LINGER, which initializes sun.nio.ch.Net and the
 * JDK's extended socket options (jdk.net, its native library, a lambda spun at run time), a measurable share of this
 * CLI's start-up for a hang-up the kernel makes anyway. On failure the socket is closed.
 */
final class BusCall {

    static final int HELLO_SERIAL = 1;
    static final int CALL_SERIAL = 2;
    private static final String BUS = "org.freedesktop.DBus";
    private static final String BUS_PATH = "/org/freedesktop/DBus";

    private BusCall() {
    }

    /** The reply (a METHOD_RETURN) to {@code call}, which must have serial {@link #CALL_SERIAL}. */
    static Message run(String socketPath, long uid, byte[] call, long timeoutMillis) throws Failure {
        byte[] auth = SaslExternal.request(uid);
        byte[] hello = MessageWriter.methodCall(HELLO_SERIAL, BUS, BUS_PATH, BUS, "Hello");
        ByteBuffer out = ByteBuffer.allocate(auth.length + hello.length + call.length);
        out.put(auth).put(hello).put(call).flip();

        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException | RuntimeException | ServiceConfigurationError e) {
            throw new Failure("cannot open a unix socket: " + reason(e));
        }
        Watchdog watchdog = new Watchdog(timeoutMillis, channel); // from here a hang ends in a timeout, connect too
        watchdog.start();
        boolean replied = false;
        try {
            connect(channel, socketPath, watchdog);
            while (out.hasRemaining()) {
                channel.write(out);
            }
            Message reply = replyTo(channel);
            replied = true;
            return reply;
        } catch (IOException e) {
            throw new Failure(watchdog.fired() ? timedOut(socketPath, timeoutMillis)
                : "connection to " + socketPath + " failed: " + reason(e));
        } finally {
            watchdog.cancel();
            if (!replied) {
                closeQuietly(channel);
            }
        }
    }

    private static void connect(SocketChannel channel, String socketPath, Watchdog watchdog) throws Failure {
        try {
            channel.connect(UnixDomainSocketAddress.of(socketPath));
        } catch (IOException | RuntimeException e) {
            throw new Failure(watchdog.fired() ? timedOut(socketPath, watchdog.millis())
                : "cannot connect to " + socketPath + ": " + reason(e));
        }
    }

    private static String timedOut(String socketPath, long timeoutMillis) {
        return "no reply within " + timeoutMillis + " ms from the bus at " + socketPath;
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing left to say to the bus
        }
    }

    private static Message replyTo(SocketChannel channel) throws IOException, Failure {
        MessageReader in = new MessageReader(8192);
        String line;
        while ((line = in.line()) == null) {
            more(in, channel, "before answering AUTH");
        }
        SaslExternal.accepted(line);
        while (true) {
            Message m = in.next();
            if (m == null) {
                more(in, channel, "before the reply");
                continue;
            }
            if (m.type != Message.METHOD_RETURN && m.type != Message.ERROR) {
                continue; // NameAcquired, or any other signal
            }
            if (m.replySerial == HELLO_SERIAL && m.type == Message.ERROR) {
                throw new Failure("Hello failed: " + m.errorText());
            }
            if (m.replySerial == CALL_SERIAL) {
                if (m.type == Message.ERROR) {
                    throw new Failure(m.errorText());
                }
                return m;
            }
        }
    }

    private static void more(MessageReader in, SocketChannel channel, String when) throws IOException, Failure {
        if (!in.fill(channel)) {
            throw new Failure("the bus closed the connection " + when);
        }
    }

    private static String reason(Throwable e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
