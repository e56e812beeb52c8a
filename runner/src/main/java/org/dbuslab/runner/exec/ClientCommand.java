package org.dbuslab.runner.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command lines of the persistent clients: their usual connection options plus --control, --mode and
 * --latency-log (one file per client process); payload, window and calls come per run over the channel.
 */
public final class ClientCommand {

    public static final String RAW_CLIENT_CLASS = "org.dbuslab.client.raw.RawEchoClient";

    private ClientCommand() {
    }

    /**
     * The Java client: to the Java server through ADDRESS (PEER for p2p), or, with SPAMMETHOD, calling
     * com.example.Spam on the libdbus echo (the dbus-java>libdbus pair). CDS: the class-data archive flags.
     */
    public static List<String> java(JavaRuntime java, LabLayout jars, List<String> cds, String address, boolean peer,
                                    boolean spamMethod, String transport, String mode, Path latencyLog) {
        List<String> args = new ArrayList<>(List.of("--address", address));
        if (peer) {
            args.add("--peer");
        }
        if (spamMethod) {
            args.addAll(List.of("--method", "spam", "--dest", Services.LIBDBUS_ECHO_NAME));
        }
        args.addAll(control(transport, mode, latencyLog));
        return java.jar(jars.clientJar(), cds, args);
    }

    /** The raw-socket client (JDK channels, 4-byte length + payload, every reply verified). */
    public static List<String> raw(JavaRuntime java, LabLayout jars, String address, String transport, String mode,
                                   Path latencyLog) {
        List<String> args = new ArrayList<>(List.of("--address", address));
        args.addAll(control(transport, mode, latencyLog));
        return java.main(jars.clientJar(), RAW_CLIENT_CLASS, args);
    }

    private static List<String> control(String transport, String mode, Path latencyLog) {
        return List.of("--transport", transport, "--mode", mode, "--control", "--latency-log", latencyLog.toString());
    }
}
