package org.dbuslab.runner.scale;

import org.dbuslab.runner.options.Preset;
import org.dbuslab.runner.options.SessionOptions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScaleSessionUnitsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T17:00:00Z"), ZoneOffset.UTC);

    @Test
    void scaleIsAPresetWithItsOwnBudgetAndBlockBounds() {
        var config = SessionOptions.parse(CLOCK, "--scale").config();
        assertEquals(Preset.SCALE, config.preset());
        assertEquals(Duration.ofMinutes(15), config.stopping().budget());
        ScaleSettings s = ScaleSession.settings(config);
        assertEquals(2, s.minBlocks());
        assertEquals(8, s.maxBlocks());
        ScaleSettings one = ScaleSession.settings(SessionOptions.parse(CLOCK, "--scale", "--blocks", "1", "--budget", "5m").config());
        assertEquals(1, one.minBlocks());
        assertEquals(1, one.maxBlocks());
        assertEquals(Duration.ofMinutes(5), one.budget());
        assertTrue(assertThrows(CommandLine.ParameterException.class, () -> SessionOptions.parse(CLOCK, "--scale", "--quick"))
            .getMessage().contains("exclude each other"));
        assertTrue(SessionOptions.usage().contains("--scale"));
    }

    @Test
    void theBudgetDecidesHowManyBlocksAtTheForecastPace() {
        Instant now = CLOCK.instant();
        Instant deadline = now.plus(Duration.ofMinutes(6));
        assertEquals(1 + 3, ScaleSession.blocksAllowed(2, now, Duration.ofMinutes(2), deadline, 2, 6));
        assertEquals(2, ScaleSession.blocksAllowed(2, now, Duration.ofMinutes(20), deadline, 2, 6), "never below the least");
        assertEquals(6, ScaleSession.blocksAllowed(2, now, Duration.ofSeconds(1), deadline, 2, 6), "never above the most");
        assertEquals(2, ScaleSession.blocksAllowed(3, deadline.plusSeconds(5), Duration.ofSeconds(1), deadline, 2, 6),
            "past the deadline: no block more");
    }

    @Test
    void aToolConnectsWithinTheSessionsOwnTimeoutNotTheToolsDefault() {
        ScaleStep.Tool p2p = ScalePlan.of(ScaleSettings.SMALL).steps().stream()
            .filter(ScaleStep.Tool.class::isInstance).map(ScaleStep.Tool.class::cast)
            .filter(t -> t.transport().equals("p2p-unix")).findFirst().orElseThrow();
        List<String> args = ScaleSession.toolArgs(p2p, "unix:path=/x", true, 2, 7);
        assertEquals(List.of("clients", "--address", "unix:path=/x", "--peer"), args.subList(0, 4));
        int at = args.indexOf("--connect-timeout");
        assertTrue(at > 0 && args.get(at + 1).equals("30000"), args.toString());
        assertEquals("702", args.get(args.indexOf("--seed") + 1));
    }

    @Test
    void theEtaIsTheRestAndTheReport() {
        assertEquals("17:02:00 UTC", ScaleSession.eta(CLOCK.instant(), Duration.ofSeconds(90)));
    }

    @Test
    void theForecastScalesUnrunStepsByTheSlowdownSoFarAndRepeatsRunOnes() {
        ScalePlan plan = ScalePlan.of(ScaleSettings.PRESET);
        Forecast forecast = new Forecast(ScaleSettings.PRESET);
        ScaleStep first = plan.steps().get(0);
        ScaleStep second = plan.steps().get(1);
        double nominal = forecast.nominalSeconds(first);
        assertTrue(nominal > Forecast.TOOL_START_S, "a clients step: its start and its runs");
        assertEquals(forecast.nominalSeconds(second), forecast.seconds(second), 1e-9, "no history: nominal");
        forecast.record(first, Duration.ofMillis(Math.round(3000 * nominal)));
        assertEquals(3, forecast.slowdown(), 1e-3);
        assertEquals(3 * nominal, forecast.seconds(first), 1e-2, "a step that ran: its last time");
        assertEquals(3 * forecast.nominalSeconds(second), forecast.seconds(second), 1e-2, "others: slowed alike");
        Duration rest = forecast.remaining(List.of(first, second), 1, 1, List.of(first));
        assertEquals(forecast.seconds(second) + forecast.seconds(first), rest.toMillis() / 1000.0, 1e-2);
        ScaleStep.Distance far = (ScaleStep.Distance) plan.steps().stream()
            .filter(s -> s instanceof ScaleStep.Distance d && d.delayMs() == 10 && d.mode().equals("sync")).findFirst().orElseThrow();
        assertTrue(forecast.nominalSeconds(far) >= far.calls() * 0.020, "a far sync call takes at least 2·D");
    }
}
