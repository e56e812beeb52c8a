package org.dbuslab.runner.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An AppCDS archive of the Java client's classes: class loading is most of a client JVM's start-up (~0.9 s ->
 * ~0.6 s here, ~55 clients per session). It changes nothing a run measures (runs are timed inside the client after
 * it has connected; JIT compilation is not affected). LAB_CDS=0 turns it off.
 *
 * <p>A static archive, made in two steps: one throw-away call writes the classes it loads
 * (-XX:DumpLoadedClassList), then -Xshare:dump archives them. The dynamic archive (-XX:ArchiveClassesAtExit) and a
 * static dump of the full list both crash Debian's JDK 17 (17.0.21: SIGSEGV in
 * SystemDictionaryShared::adjust_lambda_proxy_class_dictionary, 8 of 8 dumps here) on the list's lambda-proxy
 * lines; without them ({@link #withoutLambdaProxies}) the dump succeeds, and lambdas are linked at run time as
 * without CDS.
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
        Path loaded = archive.resolveSibling(archive.getFileName() + ".classes");
        Path kept = archive.resolveSibling(archive.getFileName() + ".classlist");
        // a crashing dump JVM's log belongs with the session's logs, not in the working directory
        String errorFile = "-XX:ErrorFile=" + logs.resolve("cds-hs_err_pid%p.log");
        Files.deleteIfExists(archive);
        Ended list = run(supervisor, "cds-classes", Launch.of(logs.resolve("cds"),
            java.jar(jars.clientJar(), List.of("-XX:DumpLoadedClassList=" + loaded, errorFile), args)));
        if (list.status() != 0 || !Files.exists(loaded)) {
            say.accept("   client class-data sharing: not used (class list: " + list.complaint() + ")");
            return List.of();
        }
        Files.write(kept, withoutLambdaProxies(Files.readAllLines(loaded)));
        // java FLAGS -Xshare:dump ... -cp JAR: the same class path as the clients' -jar JAR
        List<String> dump = java.vm(List.of("-Xshare:dump", "-XX:SharedClassListFile=" + kept,
            "-XX:SharedArchiveFile=" + archive, errorFile, "-cp", jars.clientJar().toString()));
        Ended dumped = run(supervisor, "cds-dump", Launch.of(logs.resolve("cds-dump"), dump));
        if (dumped.status() == 0 && Files.exists(archive) && Files.size(archive) > 0) {
            say.accept("   client class-data sharing: archive dumped (LAB_CDS=0 turns it off)");
            return List.of("-XX:SharedArchiveFile=" + archive);
        }
        say.accept("   client class-data sharing: not used (dump: " + dumped.complaint() + ")");
        return List.of();
    }

    /** The class list without the lines the dump crashes on: lambda proxies and lambda-form invokers ("@..."). */
    static List<String> withoutLambdaProxies(List<String> classList) {
        return classList.stream().filter(line -> !line.startsWith("@")).toList();
    }

    private record Ended(int status, String complaint) {
    }

    private static Ended run(Supervisor supervisor, String name, Launch launch) throws IOException, InterruptedException {
        Child child = supervisor.start(name, launch);
        try {
            return new Ended(child.waitFor(DUMP_TIMEOUT).orElse(124), child.lastComplaint());
        } finally {
            supervisor.stop(child);
        }
    }
}
