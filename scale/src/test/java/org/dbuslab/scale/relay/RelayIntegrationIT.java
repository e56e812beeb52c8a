package org.dbuslab.scale.relay;

import org.dbuslab.testkit.TestJvm;

import org.dbuslab.client.raw.RawAddress;
import org.dbuslab.client.raw.RawEchoServer;
import org.dbuslab.server.BusEchoServer;
import org.dbuslab.server.EchoService;
import org.dbuslab.server.peer.PeerEchoServer;
import org.dbuslab.testkit.LabPaths;
import org.dbuslab.testkit.PrivateBus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's own client jar through the delay line: D-Bus over TCP to a real dbus-daemon (DBUS_COOKIE_SHA1 crosses the
 * relay untouched), peer-to-peer TCP to the Java server, and the raw floor. Every call verified, none lost, and each
 * sync call takes at least the two delays.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RelayIntegrationIT {

    private static final double DELAY_MS = 1;
    private static final long DELAY_NS = Math.round(DELAY_MS * 1e6);

    @TempDir
    Path dir;

    @Test
    void theJavaClientThroughTheRelayToDbusDaemonTcp() throws Exception {
        try (PrivateBus bus = PrivateBus.start("dbus-daemon-tcp");
             BusEchoServer server = BusEchoServer.start(bus.address(), new EchoService());
             DelayRelay relay = DelayRelay.start(RelayTarget.parse(bus.address()), DELAY_NS)) {
            runClient("dbus-daemon-tcp", List.of("-jar", clientJar(), "--address", relay.address()));
        }
    }

    @Test
    void theJavaClientThroughTheRelayToTheServerPeerToPeer() throws Exception {
        try (PeerEchoServer server = PeerEchoServer.start("tcp:host=127.0.0.1,port=0", new EchoService(), line -> { });
             DelayRelay relay = DelayRelay.start(RelayTarget.parse(server.address()), DELAY_NS)) {
            runClient("p2p-tcp", List.of("-jar", clientJar(), "--address", relay.address(), "--peer"));
        }
    }

    @Test
    void theRawFloorThroughTheRelay() throws Exception {
        try (RawEchoServer.Running server = RawEchoServer.start(RawAddress.parse("tcp:host=127.0.0.1,port=0"), l -> { });
             DelayRelay relay = DelayRelay.start(RelayTarget.parse(server.address().toString()), DELAY_NS)) {
            runClient("raw-tcp", List.of("-cp", clientJar(), "org.dbuslab.client.raw.RawEchoClient",
                "--address", relay.address()));
        }
    }

    /** A sync run and a pipelined run; the client exits 0 only when every reply was exact; the CSV must agree. */
    private void runClient(String transport, List<String> launch) throws Exception {
        for (String mode : new String[] {"sync", "async"}) {
            Path csv = dir.resolve(transport + "-" + mode + ".csv");
            List<String> command = new ArrayList<>();
            command.addAll(TestJvm.java());
            command.addAll(launch);
            command.addAll(List.of("--transport", transport, "--mode", mode, "--window", "16", "--payload", "1000",
                "--calls", "100", "--runs", "2", "--warmup-runs", "0", "--csv", csv.toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(transport + "-" + mode + ".log").toFile()).start();
            assertTrue(process.waitFor(90, TimeUnit.SECONDS), "client did not finish: " + command);
            String log = Files.readString(dir.resolve(transport + "-" + mode + ".log"));
            assertEquals(0, process.exitValue(), log);
            List<String> rows = Files.readAllLines(csv);
            List<String> header = Arrays.asList(rows.get(0).split(","));
            assertEquals(3, rows.size(), "a header and two runs: " + rows);
            for (String row : rows.subList(1, rows.size())) {
                String[] cells = row.split(",", -1);
                for (String count : new String[] {"lost", "mismatched", "errors"}) {
                    assertEquals("0", cells[header.indexOf(count)], count + " in " + row);
                }
                long perCall = Long.parseLong(cells[header.indexOf("elapsed_ns")]) / 100;
                if (mode.equals("sync")) {
                    assertTrue(perCall >= 2 * DELAY_NS, "a sync call crosses the relay twice: " + perCall + " ns");
                }
            }
        }
    }

    private static String clientJar() throws IOException {
        Path jar = LabPaths.repositoryRoot().resolve("client/target/dbus-lab-client.jar");
        assertTrue(Files.isRegularFile(jar), jar + " missing: build with mvn -pl scale -am verify");
        return jar.toString();
    }
}
