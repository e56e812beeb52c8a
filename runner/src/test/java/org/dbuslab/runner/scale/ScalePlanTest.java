package org.dbuslab.runner.scale;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScalePlanTest {

    private final ScalePlan plan = ScalePlan.of(ScaleSettings.PRESET);

    private List<ScaleStep.Tool> tools(String series) {
        return plan.steps().stream().filter(ScaleStep.Tool.class::isInstance).map(ScaleStep.Tool.class::cast)
            .filter(t -> t.series().equals(series)).toList();
    }

    private List<ScaleStep.Distance> distance() {
        return plan.steps().stream().filter(ScaleStep.Distance.class::isInstance).map(ScaleStep.Distance.class::cast).toList();
    }

    @Test
    void thePresetCoversWhatIssue15AsksFor() {
        ScaleSettings s = ScaleSettings.PRESET;
        assertEquals(List.of(1, 2, 4, 8, 16), s.clientCounts());
        assertTrue(s.subscribers().contains(16) && s.subscribers().contains(64));
        assertTrue(s.matchRules().contains(0) && s.matchRules().stream().anyMatch(m -> m >= 1024));
        assertEquals(List.of(0.1, 1.0, 10.0), s.delaysMs());
        assertEquals(1, s.windows().get(0));
        assertEquals(256, s.windows().get(s.windows().size() - 1));
    }

    @Test
    void clientsRunEveryNInOneProcessPerTransportAndMode() {
        List<ScaleStep.Tool> clients = tools("clients");
        assertEquals(6, clients.size());
        for (String t : ScalePlan.CLIENT_TRANSPORTS) {
            for (String mode : List.of("sync", "async")) {
                ScaleStep.Tool step = clients.stream().filter(c -> c.transport().equals(t) && c.mode().equals(mode))
                    .findFirst().orElseThrow();
                assertEquals("1,2,4,8,16", step.args().get(step.args().indexOf("--clients") + 1));
                assertEquals(mode, step.args().get(step.args().indexOf("--mode") + 1));
                assertEquals(5 * ScaleSettings.PRESET.clientRuns(), step.measuredRuns());
            }
        }
    }

    @Test
    void signalsHaveAFanOutAndAMatchRuleStepPerBus() {
        List<ScaleStep.Tool> signals = tools("signals");
        assertEquals(4, signals.size());
        for (String bus : ScalePlan.SIGNAL_BUSES) {
            ScaleStep.Tool fanOut = signals.stream().filter(s -> s.transport().equals(bus) && s.label().equals("fan-out"))
                .findFirst().orElseThrow();
            assertEquals("1,4,16,64", fanOut.args().get(fanOut.args().indexOf("--subscribers") + 1));
            assertEquals("0", fanOut.args().get(fanOut.args().indexOf("--match-rules") + 1));
            ScaleStep.Tool rules = signals.stream().filter(s -> s.transport().equals(bus) && s.label().equals("match-rules"))
                .findFirst().orElseThrow();
            assertEquals("0,64,256,1024,4096", rules.args().get(rules.args().indexOf("--match-rules") + 1));
        }
        assertEquals(4, new HashSet<>(signals.stream().map(ScaleStep::id).toList()).size(), "ids tell steps apart");
    }

    @Test
    void distanceHasEveryTargetDelayAndWindowAndTheRawFloorSyncOnly() {
        List<ScaleStep.Distance> points = distance();
        // per D-Bus TCP target: at D = 0 direct, relay and netns, each sync + the floor's window; per delay sync + 9
        // windows; the bridge the same without netns; raw-tcp: direct, relay at 0 and per delay, sync only
        assertEquals(2 * (3 * 2 + 3 * 10) + (2 * 2 + 3 * 10) + (2 + 3), points.size());
        assertTrue(points.stream().filter(p -> p.transport().equals("raw-tcp")).allMatch(p -> p.mode().equals("sync")));
        assertTrue(points.stream().filter(p -> p.mode().equals("sync")).allMatch(p -> p.window() == 1));
        assertEquals(16, plan.relays().size(), "one relay per target and delay, 0 included");
        assertTrue(plan.relays().contains("dbus-daemon-bridge@10.0"), "remote busctl at 10 ms");
        assertTrue(plan.relays().contains("raw-tcp@0.0"), "the relay's own floor");
        assertEquals(2 * (3 * 2 + 3 * 2) + (2 * 2 + 3 * 2) + 5, plan.distanceClients().size(),
            "one client per target, route, delay and mode");
        assertEquals(121, plan.steps().size());
    }

    @Test
    void theFloorsAreDirectTheRelayWithNoDelayAndTheSecondNamespaceAtOneWindow() {
        for (String target : ScalePlan.DISTANCE_TARGETS) {
            for (String route : List.of("direct", "relay")) {
                assertTrue(distance().stream().anyMatch(p -> p.transport().equals(target) && p.route().equals(route)
                    && p.delayMs() == 0 && p.mode().equals("sync")), target + " " + route + " at D = 0");
            }
        }
        List<ScaleStep.Distance> netns = plan.points("netns");
        assertEquals(4, netns.size());
        assertEquals(new HashSet<>(ScalePlan.NAMESPACE_TARGETS),
            new HashSet<>(netns.stream().map(ScaleStep.Distance::transport).toList()));
        assertTrue(netns.stream().allMatch(p -> p.delayMs() == 0 && (p.mode().equals("sync") ? p.window() == 1
            : p.window() == ScaleSettings.PRESET.floorWindow())));
        for (ScaleStep.Distance p : netns) {
            assertTrue(distance().stream().anyMatch(q -> q.route().equals("direct") && q.transport().equals(p.transport())
                && q.mode().equals(p.mode()) && q.window() == p.window()), "its loopback twin: " + p);
        }
        ScalePlan without = plan.without("netns");
        assertEquals(plan.steps().size() - 4, without.steps().size());
        assertTrue(without.points("netns").isEmpty());
        assertEquals(plan.relays(), without.relays());
        assertEquals(4, new HashSet<>(netns.stream().map(ScaleStep::id).toList()).size(), "ids tell them apart");
        assertThrows(IllegalArgumentException.class, () -> new ScaleStep.Distance("p2p-tcp", "netns", 1.0, "sync", 1, 8));
        assertThrows(IllegalArgumentException.class, () -> new ScaleStep.Distance("p2p-tcp", "tunnel", 0, "sync", 1, 8));
    }

    @Test
    void distanceCallsFillTheWindowAndFollowTheBound() {
        ScaleSettings s = ScaleSettings.PRESET;
        assertTrue(ScalePlan.calls(s, 10, 256) >= 512, "at least two windows");
        assertTrue(ScalePlan.calls(s, 10, 1) >= ScalePlan.MIN_CALLS);
        assertTrue(ScalePlan.calls(s, 0.1, 1) > ScalePlan.calls(s, 10, 1), "a near line gets more calls per run");
        // 10 ms one way, window 64: at best 64 / 20.15 ms = 3176 calls/s, for 250 ms
        assertEquals((int) Math.ceil(64 * 1000.0 / 20.15 * 0.25), ScalePlan.calls(s, 10, 64));
        assertEquals((int) Math.ceil(ScalePlan.MAX_RATE_PER_S * 0.25), ScalePlan.calls(s, 0, 256), "capped");
    }

    @Test
    void blocksAreShuffledPermutationsThatTheSeedRepeats() {
        List<ScaleStep> one = plan.block(1, 42);
        assertEquals(new HashSet<>(plan.steps()), new HashSet<>(one));
        assertEquals(plan.steps().size(), one.size());
        assertEquals(one, plan.block(1, 42));
        assertNotEquals(one, plan.block(2, 42));
        assertNotEquals(one, plan.block(1, 43));
    }

    @Test
    void eachBlockRunsAToolsPointsInItsOwnOrder() {
        ScaleStep.Tool rules = tools("signals").stream().filter(t -> t.label().equals("match-rules")).findFirst().orElseThrow();
        List<String> one = rules.argsFor(1, 42);
        assertEquals(rules.args().size(), one.size());
        String listed = one.get(one.indexOf("--match-rules") + 1);
        assertEquals(new HashSet<>(List.of("0", "64", "256", "1024", "4096")), new HashSet<>(List.of(listed.split(","))));
        assertEquals(one, rules.argsFor(1, 42), "the seed repeats it");
        assertTrue(java.util.stream.IntStream.rangeClosed(2, 6).mapToObj(b -> rules.argsFor(b, 42)).anyMatch(a -> !a.equals(one)),
            "other blocks, other orders");
        assertEquals(rules.args().get(rules.args().indexOf("--signals") + 1), one.get(one.indexOf("--signals") + 1),
            "other options stay");
    }
}
