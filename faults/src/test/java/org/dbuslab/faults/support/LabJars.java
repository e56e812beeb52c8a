package org.dbuslab.faults.support;

import org.dbuslab.testkit.TestJvm;

import org.dbuslab.testkit.LabPaths;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The packaged jars the lab runs, started the way lab/run-all.sh starts them. */
final class LabJars {

    private LabJars() {
    }

    static List<String> server(String... args) {
        return command(jar("server", "dbus-lab-server.jar"), args);
    }

    static List<String> client(List<String> args) {
        return command(jar("client", "dbus-lab-client.jar"), args.toArray(String[]::new));
    }

    /** The scale tools (signals, subscribe), as lab/run-all.sh --scale starts them. */
    static List<String> scale(String... args) {
        return command(jar("scale", "dbus-lab-scale.jar"), args);
    }

    private static List<String> command(Path jar, String... args) {
        List<String> command = new ArrayList<>();
        command.addAll(TestJvm.java());
        command.addAll(TestJvm.LEAN_FLAGS); // a case checks behaviour, not speed
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        return command;
    }

    private static Path jar(String module, String name) {
        Path jar = LabPaths.repositoryRoot().resolve(module).resolve("target").resolve(name);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run mvn verify (the package phase builds it)");
        }
        return jar;
    }
}
