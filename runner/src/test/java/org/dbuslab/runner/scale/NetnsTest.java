package org.dbuslab.runner.scale;

import org.dbuslab.format.SkippedTsv;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The second network namespace's pure parts: names, addresses, commands ({@link NetnsPair}) and decisions. */
class NetnsTest {

    private static final Path IP = Path.of("/usr/sbin/ip");

    @Test
    void namesCarryTheSessionsPidAndFitTheKernelsLimits() {
        NetnsPair pair = NetnsPair.of("4194304");
        assertEquals("dbuslab-4194304-client", pair.clientNs());
        assertEquals("dbuslab-4194304-bus", pair.busNs());
        assertEquals("dl4194304c", pair.clientLink());
        assertEquals("dl4194304b", pair.busLink());
        NetnsPair other = NetnsPair.of("4194305");
        assertFalse(Set.of(pair.clientNs(), pair.busNs(), pair.clientLink(), pair.busLink()).stream().anyMatch(
            Set.of(other.clientNs(), other.busNs(), other.clientLink(), other.busLink())::contains), "no collision");
        NetnsPair long_ = NetnsPair.of("it-9876543210123");
        assertTrue(long_.clientLink().length() <= NetnsPair.MAX_LINK_NAME, long_.clientLink());
        assertEquals("dl876543210123c".length(), long_.clientLink().length());
        assertEquals("dbuslab-it9876543210123-bus", long_.busNs(), "only letters and digits");
        assertThrows(IllegalArgumentException.class, () -> NetnsPair.of("--"));
    }

    @Test
    void theSessionsPairIsNamedAfterThePidAUserSees() {
        // inside the session's PID namespace the runner is pid 1; run-all.sh passes its own pid
        assertEquals("dbuslab-31337-bus", NetnsPair.forSession(Map.of("LAB_SESSION_PID", "31337"), 1).busNs());
        assertEquals("dbuslab-77-bus", NetnsPair.forSession(Map.of(), 77).busNs());
        assertEquals("dbuslab-77-bus", NetnsPair.forSession(Map.of("LAB_SESSION_PID", "x; rm"), 77).busNs());
    }

    @Test
    void theCommandsMakeBothEndsInsideTheirNamespacesAndRemoveBoth() {
        NetnsPair pair = NetnsPair.of("42");
        List<List<String>> create = pair.createCommands(IP);
        assertEquals(List.of("/usr/sbin/ip", "netns", "add", "dbuslab-42-client"), create.get(0));
        assertEquals(List.of("/usr/sbin/ip", "link", "add", "dl42c", "netns", "dbuslab-42-client", "type", "veth", "peer",
            "name", "dl42b", "netns", "dbuslab-42-bus"), create.get(2), "never in the machine's own namespace");
        assertTrue(create.contains(List.of("/usr/sbin/ip", "-n", "dbuslab-42-bus", "addr", "add", "10.213.24.2/30", "dev",
            "dl42b")));
        assertTrue(create.contains(List.of("/usr/sbin/ip", "-n", "dbuslab-42-client", "link", "set", "lo", "up")));
        assertTrue(create.indexOf(List.of("/usr/sbin/ip", "-n", "dbuslab-42-bus", "link", "set", "dl42b", "up"))
            > create.indexOf(List.of("/usr/sbin/ip", "-n", "dbuslab-42-bus", "addr", "add", "10.213.24.2/30", "dev", "dl42b")));
        assertEquals(List.of(List.of("/usr/sbin/ip", "netns", "delete", "dbuslab-42-client"),
            List.of("/usr/sbin/ip", "netns", "delete", "dbuslab-42-bus")), pair.deleteCommands(IP));
        assertEquals(List.of("/usr/sbin/ip", "netns", "exec", "dbuslab-42-client"), pair.inClientNs(IP));
        assertEquals(List.of("/usr/sbin/ip", "netns", "exec", "dbuslab-42-bus"), pair.inBusNs(IP));
        assertEquals("tcp:host=10.213.24.2,port=0", pair.p2pListen());
        assertTrue(pair.describe().contains("10.213.24.1/30") && pair.describe().contains("veth"), pair.describe());
    }

    @Test
    void rootAndIpMeasureElseSkipWithTheReasonOrFailUnderCi() {
        assertTrue(NetnsSupport.decide(0, Optional.of(IP), true, false).measure());
        assertTrue(NetnsSupport.decide(0, Optional.of(IP), true, true).measure());

        NetnsSupport.Decision user = NetnsSupport.decide(1000, Optional.of(IP), true, false);
        assertEquals(NetnsSupport.Action.SKIP, user.action());
        assertTrue(user.reason().contains("root") && user.reason().contains("uid 1000"), user.reason());
        assertEquals(NetnsSupport.Action.FAIL, NetnsSupport.decide(1000, Optional.of(IP), true, true).action());

        NetnsSupport.Decision noIp = NetnsSupport.decide(0, Optional.empty(), false, false);
        assertEquals(NetnsSupport.Action.SKIP, noIp.action());
        assertTrue(noIp.reason().contains("ip not found") && noIp.reason().contains("iproute2"), noIp.reason());
        NetnsSupport.Decision busybox = NetnsSupport.decide(0, Optional.of(Path.of("/bin/ip")), false, false);
        assertTrue(busybox.reason().contains("no 'netns'") && busybox.reason().contains("iproute2"), busybox.reason());
        assertTrue(NetnsSupport.decide(1000, Optional.empty(), false, false).reason().contains("; "), "both said");

        NetnsSupport.Decision failed = NetnsSupport.failedToMake("netns add dbuslab-1-client: Permission denied", false);
        assertEquals(NetnsSupport.Action.SKIP, failed.action());
        assertTrue(failed.reason().startsWith("making the network namespaces failed: netns add"), failed.reason());
        assertEquals(NetnsSupport.Action.FAIL, NetnsSupport.failedToMake("x", true).action());
        assertTrue(NetnsSupport.ci(Map.of("CI", "true")));
        assertFalse(NetnsSupport.ci(Map.of("CI", "1")));
    }

    @Test
    void theEffectiveUidAndIpAreFoundWhereTheyAre() {
        assertEquals(0, NetnsSupport.effectiveUid(List.of("Name:\tjava", "Uid:\t1000\t0\t0\t0", "Gid:\t0\t0\t0\t0")));
        assertEquals(1000, NetnsSupport.effectiveUid(List.of("Uid:\t0\t1000\t1000\t1000")));
        assertEquals(-1, NetnsSupport.effectiveUid(List.of("Name:\tjava")));
        assertEquals(Optional.of(Path.of("/opt/x/ip")),
            NetnsSupport.findIp("/opt/x:/usr/bin", p -> p.equals(Path.of("/opt/x/ip")) || p.equals(IP)));
        // an ordinary user's PATH has no sbin: ip is still found there
        assertEquals(Optional.of(IP), NetnsSupport.findIp("/usr/local/bin:/usr/bin", IP::equals));
        assertEquals(Optional.empty(), NetnsSupport.findIp(null, p -> false));
    }

    @Test
    void aSkipIsOneSkippedTsvLinePerTargetAndMode() {
        List<ScaleStep.Distance> points = ScalePlan.of(ScaleSettings.PRESET).points("netns");
        List<SkippedTsv.Row> rows = NetnsSupport.skippedRows(points, "ip not found");
        assertEquals(List.of(new SkippedTsv.Row("dbus-daemon-tcp netns-sync", "ip not found"),
            new SkippedTsv.Row("dbus-daemon-tcp netns-async", "ip not found"),
            new SkippedTsv.Row("p2p-tcp netns-sync", "ip not found"),
            new SkippedTsv.Row("p2p-tcp netns-async", "ip not found")), rows);
    }
}
