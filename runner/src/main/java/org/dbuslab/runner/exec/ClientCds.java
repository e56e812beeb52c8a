package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An AppCDS archive of the Java client's classes, dumped by one throw-away call: class loading is most of a
 * client JVM's start-up (~1.3 s -> ~0.7 s here). It changes nothing a run measures (runs are timed inside the
 * client after it has connected; JIT compilation is not affected). LAB_CDS=0 turns it off.
 */
public final class ClientCds {

    private static final Duration DUMP_TIMEOUT = Duration.ofSeconds(120);

    private ClientCds() {
    }

    /**
     * Dumps the archive through ADDRESS (PEER: a p2p server) and returns the client's extra JVM flags
     * (-XX:SharedArchiveFile=...), or none when it is off or the dump failed (said why).
     */
    public static List<String> prepare(Supervisor supervisor, JavaRuntime java, LabLayout jars, Path archive,
                                       String address, boolean peer, Path logs, Map<String, String> env,
                                       java.util.function.Consumer<String> say) throws IOException, InterruptedException {
        if ("0".equals(env.get("LAB_CDS"))) {
            say.accept("   client class-data sharing: off (LAB_CDS=0)");
            return List.of();
        }
        List<String> args = new ArrayList<>(List.of("--address", address));
        if (peer) {
            args.add("--peer");
        }
        args.addAll(List.of("--transport", "cds-dump", "--calls", "1", "--runs", "1", "--warmup-runs", "0"));
        Launch launch = Launch.of(logs.resolve("cds"),
            java.jar(jars.clientJar(), List.of("-XX:ArchiveClassesAtExit=" + archive,
                // JDK 17.0.15's dump JVM sometimes crashes (SIGSEGV in SystemDictionaryShared): its crash log
                // belongs with the session's logs, not in the working directory
                "-XX:ErrorFile=" + logs.resolve("cds-hs_err_pid%p.log")), args));
        String complaint = "";
        // the crash is intermittent: a second dump usually succeeds, and ~55 client JVMs start faster with it
        for (int attempt = 1; attempt <= DUMP_ATTEMPTS; attempt++) {
            Files.deleteIfExists(archive);
            Child dump = supervisor.start("cds-dump", launch);
            int status;
            try {
                status = dump.waitFor(DUMP_TIMEOUT).orElse(124);
            } finally {
                supervisor.stop(dump);
            }
            if (status == 0 && Files.exists(archive) && Files.size(archive) > 0) {
                say.accept("   client class-data sharing: archive dumped" + (attempt > 1 ? " (attempt " + attempt + ")" : "")
                    + " (LAB_CDS=0 turns it off)");
                return List.of("-XX:SharedArchiveFile=" + archive);
            }
            complaint = dump.lastComplaint();
        }
        say.accept("   client class-data sharing: not used (" + complaint + ")");
        return List.of();
    }

    /** Dumps tried before the clients start without an archive. */
    static final int DUMP_ATTEMPTS = 2;
}
