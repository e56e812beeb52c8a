package org.dbuslab.peers;

import org.dbuslab.testkit.TestJvm;

import org.dbuslab.api.EchoContract;
import org.dbuslab.testkit.LabPaths;

import java.util.ArrayList;
import java.util.List;

/** A client or server library under test and the command that starts its program. */
enum Library {
    GLIB("glib", PeersBuild.GLIB, "org.dbuslab.Echo.Glib"),
    SDBUS("sd-bus", PeersBuild.SDBUS, "org.dbuslab.Echo.Sdbus"),
    JAVA("dbus-java", null, EchoContract.BUS_NAME);

    /** The library names of issue 14 (pairs are named CLIENT>SERVER). */
    final String label;
    private final String makeTarget;
    /** The bus name its server owns by default (ROUND2.md), so several servers can share one bus. */
    final String busName;

    Library(String label, String makeTarget, String busName) {
        this.label = label;
        this.makeTarget = makeTarget;
        this.busName = busName;
    }

    private String programPrefix() {
        return this == GLIB ? "glib" : "sdbus";
    }

    /** The echo server's command line, before its --bus/--listen arguments. */
    List<String> serverCommand() {
        if (this == JAVA) {
            return javaJar("server/target/dbus-lab-server.jar");
        }
        return new ArrayList<>(List.of(PeersBuild.program(makeTarget, programPrefix() + "-echo-server").toString()));
    }

    /** The echo client's command line, before its connection and run options. */
    List<String> clientCommand() {
        if (this == JAVA) {
            return javaJar("client/target/dbus-lab-client.jar");
        }
        return new ArrayList<>(List.of(PeersBuild.program(makeTarget, programPrefix() + "-echo-client").toString()));
    }

    private static List<String> javaJar(String jar) {
        List<String> command = TestJvm.java();
        command.addAll(TestJvm.LEAN_FLAGS);
        command.addAll(List.of("-jar",
            LabPaths.repositoryRoot().resolve(jar).toString()));
        return command;
    }

    @Override
    public String toString() {
        return label;
    }
}
