package org.dbuslab.lean;

import java.io.PrintStream;

/**
 * The cold-start scenario's java-lean contender (docs/SCENARIOS.md): the seed's CLI on the JDK alone. Connects to the
 * system bus (DBUS_SYSTEM_BUS_ADDRESS, as the seed's programs), reads AvailableBaseProducts once with
 * org.freedesktop.DBus.Properties.Get (the call busctl get-property makes, byte for byte), prints the seed's output
 * line and exits 0. Anything else is one line on stderr and exit 1 (2 for bad arguments).
 *
 * <p>Written for start-up: no dependency, no lambda, stream, String.format or reflection on the way, string
 * concatenation compiled to StringBuilder (the pom's -XDstringConcat=inline), one write and one read loop.
 */
public final class GetProducts {

    static final String PROGRAM = "lean-get-products";
    static final String BUS_NAME = "org.opensuse.DInstaller.Software";
    static final String OBJECT_PATH = "/org/opensuse/DInstaller/Software1";
    static final String INTERFACE = "org.opensuse.DInstaller.Software1";
    static final String PROPERTY = "AvailableBaseProducts";
    static final String PROPERTIES = "org.freedesktop.DBus.Properties";
    static final String SELECTOR_PROVIDER = "java.nio.channels.spi.SelectorProvider";
    static final String LINUX_DEFAULT_SELECTOR_PROVIDER = "sun.nio.ch.EPollSelectorProvider";
    /** The D-Bus reference implementation's default method call timeout. */
    static final long DEFAULT_TIMEOUT_MS = 25_000;

    private GetProducts() {
    }

    public static void main(String[] args) {
        skipSelectorProviderLookup();
        int code = run(args, System.getenv("DBUS_SYSTEM_BUS_ADDRESS"), System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * The first SocketChannel asks SelectorProvider.provider(), which looks for a provider named by the documented
     * property java.nio.channels.spi.SelectorProvider, then for one on the class path and in every module through a
     * ServiceLoader (streams, the jimage reader, a lambda), and only then takes the platform's default: on Linux
     * sun.nio.ch.EPollSelectorProvider. Naming that default up front gives the same provider without the search,
     * about 75 classes fewer at start-up. Left alone when set already, and off Linux.
     */
    static void skipSelectorProviderLookup() {
        if (System.getProperty(SELECTOR_PROVIDER) == null && "Linux".equals(System.getProperty("os.name"))) {
            System.setProperty(SELECTOR_PROVIDER, LINUX_DEFAULT_SELECTOR_PROVIDER);
        }
    }

    /** The whole CLI without System.exit: 0 printed the products, 1 failed, 2 bad arguments. */
    static int run(String[] args, String envAddress, PrintStream out, PrintStream err) {
        String address = envAddress;
        long timeout = DEFAULT_TIMEOUT_MS;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if ("-h".equals(arg) || "--help".equals(arg)) {
                out.println("Usage: " + PROGRAM + " [--address ADDRESS] [--timeout-ms N]");
                out.println("Reads " + PROPERTY + " of " + BUS_NAME + " " + OBJECT_PATH + " once and prints it.");
                out.println("ADDRESS defaults to $DBUS_SYSTEM_BUS_ADDRESS, else " + BusAddress.SYSTEM_BUS_DEFAULT
                    + "; N to " + DEFAULT_TIMEOUT_MS + ".");
                out.println("Exit codes: 0 printed; 1 the call failed (one line on stderr); 2 bad arguments.");
                return 0;
            }
            if (i + 1 >= args.length || !("--address".equals(arg) || "--timeout-ms".equals(arg))) {
                err.println(PROGRAM + ": error: unknown or incomplete argument '" + arg + "' (see --help)");
                return 2;
            }
            String value = args[++i];
            if ("--address".equals(arg)) {
                address = value;
            } else {
                timeout = millis(value);
                if (timeout <= 0) {
                    err.println(PROGRAM + ": error: --timeout-ms needs a whole number from 1, got '" + value + "'");
                    return 2;
                }
            }
        }
        try {
            String socket = BusAddress.socketPath(address);
            byte[] call = MessageWriter.methodCall(BusCall.CALL_SERIAL, BUS_NAME, OBJECT_PATH, PROPERTIES, "Get",
                INTERFACE, PROPERTY);
            Message reply = BusCall.run(socket, SaslExternal.effectiveUid(), call, timeout);
            out.println(ProductsReply.outputLine(reply));
            return out.checkError() ? 1 : 0;
        } catch (Failure e) {
            err.println(PROGRAM + ": error: " + e.getMessage());
            return 1;
        }
    }

    /** A positive whole number, or -1. */
    private static long millis(String text) {
        if (text.isEmpty() || text.length() > 12) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(text);
    }
}
