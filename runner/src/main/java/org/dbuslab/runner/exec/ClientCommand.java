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
     * The Java client through ADDRESS (PEER for p2p): to the Java server (DEST null), to another server by its bus
     * name DEST (--dest, e.g. the GLib server's), or, with DEST the libdbus echo's name, calling com.example.Spam on it
     * (the dbus-java>libdbus pair). CDS: the class-data archive flags.
     */
    public static List<String> java(JavaRuntime java, LabLayout jars, List<String> cds, String address, boolean peer,
                                    String dest, String transport, String mode, Path latencyLog) {
        List<String> args = new ArrayList<>(List.of("--address", address));
        if (peer) {
            args.add("--peer");
        }
        if (Services.LIBDBUS_ECHO_NAME.equals(dest)) {
            args.addAll(List.of("--method", "spam", "--dest", dest));
        } else if (dest != null) {
            args.addAll(List.of("--dest", dest));
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
