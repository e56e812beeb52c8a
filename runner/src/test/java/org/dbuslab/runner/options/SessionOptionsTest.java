package org.dbuslab.runner.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import org.dbuslab.format.Placement;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine.ParameterException;

class SessionOptionsTest {

    private static final Instant NOW = Instant.parse("2026-12-01T14:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static SessionConfig parse(String... args) {
        SessionOptions.Parsed p = SessionOptions.parse(CLOCK, args);
        assertFalse(p.helpRequested());
        return p.config();
    }

    private static String error(String... args) {
        return assertThrows(ParameterException.class, () -> SessionOptions.parse(CLOCK, args)).getMessage();
    }

    @Test
    void theDefaultPresetAimsAtThreePercentWithinTenMinutes() {
        SessionConfig c = parse();
        assertEquals(Preset.DEFAULT, c.preset());
        assertEquals(3.0, c.stopping().precisionPct());
        assertTrue(c.stopping().precisionTarget());
        assertEquals(5, c.stopping().minBlocks());
        assertEquals(Duration.ofMinutes(10), c.stopping().budget());
        assertEquals(Duration.ofMinutes(1), c.stopping().warmupBudget(), "10% of the budget");
        assertEquals(Duration.ofMillis(50), c.run().runTarget());
        assertEquals(0, c.run().calls());
        assertEquals(Preset.FIRST_BLOCK_CALLS, c.run().firstBlockCalls());
        assertEquals(Transport.SELECTABLE, c.matrix().transports());
        assertEquals(List.of(Mode.SYNC, Mode.ASYNC), c.matrix().modes());
        assertEquals(List.of(1000, 10000), c.matrix().sizes());
        assertEquals(c.matrix().sizes(), c.others().referenceSizes());
        assertTrue(c.others().reference());
        assertTrue(c.others().sweep());
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), c.others().sweepWindows());
        assertEquals(128, c.matrix().window());
        assertEquals(List.of(Placement.ONE_CPU, Placement.CROSS), c.arrangement().placements());
        assertEquals(Placement.ONE_CPU, c.arrangement().homePlacement());
        assertEquals(BlockOrdering.CLUSTERED, c.arrangement().order());
        assertEquals(NOW.getEpochSecond() % 1_000_000_000L, c.arrangement().orderSeed());
        assertEquals(NOW, c.stopping().startedAt());
        assertEquals(Optional.empty(), c.output().folder());
        assertEquals(BuildMode.AUTO, c.output().build());
        assertEquals(SessionConfig.ALL_SCENARIOS, c.others().scenarios());
        assertTrue(c.arrangement().rotation(), "rotation on by default");
        assertFalse(parse("--rotation", "off").arrangement().rotation());
        assertTrue(parse("--rotation=on").arrangement().rotation());
    }

    @Test
    void quickIsAFewFixedBlocksWithoutSweepOrTarget() {
        SessionConfig c = parse("--quick", "--sizes", "1000,10000");
        assertEquals(Preset.QUICK, c.preset());
        assertEquals(3, c.stopping().fixedBlocks());
        assertFalse(c.stopping().precisionTarget());
        assertTrue(Double.isNaN(c.stopping().precisionPct()));
        assertEquals(200, c.run().calls());
        assertFalse(c.others().sweep());
        assertEquals(List.of(1000), c.others().referenceSizes(), "reference rows at the first size only");
        assertEquals(Duration.ZERO, c.stopping().warmupBudget(), "no JIT watch");
    }

    @Test
    void fullRunsTheKdbusBenchmarksCallsPerRun() {
        SessionConfig c = parse("--full");
        assertEquals(20_000, c.run().calls());
        assertTrue(c.stopping().precisionTarget());
        assertTrue(c.others().sweep());
    }

    @Test
    void placementIsAListFullAddsFreeAndSameCpuIsOneCpu() {
        assertEquals(List.of(Placement.ONE_CPU, Placement.CROSS, Placement.FREE), parse("--full").arrangement().placements());
        assertEquals(List.of(Placement.FREE), parse("--placement", "free").arrangement().placements());
        assertEquals(List.of(Placement.CROSS, Placement.ONE_CPU),
            parse("--placement", "cross,same-cpu").arrangement().placements());
        assertEquals(Placement.ONE_CPU, parse("--placement", "cross,same-cpu").arrangement().homePlacement());
        assertEquals(Placement.CROSS, parse("--placement", "cross").arrangement().homePlacement());
    }

    @Test
    void theScaleSessionRunsInOnePlacementFreeUnlessGiven() {
        assertEquals(List.of(Placement.FREE), parse("--scale").arrangement().placements());
        assertEquals(List.of(Placement.ONE_CPU), parse("--scale", "--placement", "one-cpu").arrangement().placements());
        assertEquals("--scale measures in one placement: give --placement one of one-cpu, cross, split or free "
            + "(default free)", error("--scale", "--placement", "one-cpu,cross"));
    }

    @Test
    void theScaleSessionRefusesTheMatrixsRunLength() {
        assertTrue(error("--scale", "--run-ms", "20").startsWith("--run-ms sets the matrix's runs; --scale has none"));
        assertTrue(error("--scale", "--calls", "500").startsWith("--calls sets the matrix's runs; --scale has none"));
        assertNull(parse("--scale").run().runTarget(), "environment.json then records no run_ms");
    }

    @Test
    void optionsOverrideThePresetInAnyFormAndTheLastOneWins() {
        SessionConfig c = parse("--precision=2.5", "--budget", "1h30m", "--calls", "900", "--calls=1000",
                "--transports", "p2p-unix,dbus-daemon,p2p-unix", "--modes", "async", "--order-seed", "42", "--placement",
                "split", "--no-reference", "--no-sweep", "--out", "/tmp/x", "--no-build", "--scenarios", "none",
                "--started-at-ms", "1764597600000", "--warmup-budget", "0", "--cell-timeout", "60", "--window", "16");
        assertEquals(2.5, c.stopping().precisionPct());
        assertEquals(Duration.ofMinutes(90), c.stopping().budget());
        assertEquals(1000, c.run().calls());
        assertNull(c.run().runTarget());
        assertEquals(List.of(Transport.P2P_UNIX, Transport.DBUS_DAEMON), c.matrix().transports(), "deduplicated, in order");
        assertEquals(List.of(Mode.ASYNC), c.matrix().modes());
        assertEquals(42, c.arrangement().orderSeed());
        assertEquals(List.of(Placement.SPLIT), c.arrangement().placements());
        assertFalse(c.others().reference());
        assertFalse(c.others().sweep());
        assertEquals(Optional.of(Path.of("/tmp/x")), c.output().folder());
        assertEquals(BuildMode.NEVER, c.output().build());
        assertEquals(List.of(), c.others().scenarios());
        assertEquals(Instant.ofEpochMilli(1764597600000L), c.stopping().startedAt());
        assertEquals(Duration.ZERO, c.stopping().warmupBudget());
        assertEquals(Duration.ofSeconds(60), c.run().cellTimeout());
        assertEquals(16, c.matrix().windowFor(Mode.ASYNC));
        assertEquals(1, c.matrix().windowFor(Mode.SYNC));
    }

    @Test
    void blocksReplaceThePrecisionTargetAndRunMsTheFixedCalls() {
        SessionConfig c = parse("--blocks", "8", "--run-ms", "20");
        assertEquals(8, c.stopping().fixedBlocks());
        assertFalse(c.stopping().precisionTarget());
        assertEquals(Duration.ofMillis(20), c.run().runTarget());
        SessionConfig q = parse("--quick", "--precision", "5");
        assertTrue(q.stopping().precisionTarget(), "--precision turns quick's fixed count into a target");
        assertEquals(5.0, q.stopping().precisionPct());
        SessionConfig s = parse("--quick", "--sweep", "--sweep-windows", "4,1,4", "--sweep-calls", "50");
        assertTrue(s.others().sweep());
        assertEquals(List.of(4, 1), s.others().sweepWindows());
        assertEquals(50, s.others().sweepCalls());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--calls|0|--calls must be >= 2, got '0'",
            "--calls|1e3|--calls must be a whole number, got '1e3'",
            "--calls|-5|--calls must be a whole number, got '-5'",
            "--window|0|--window must be >= 1, got '0'",
            "--precision|0|--precision must be a percentage above 0 and at most 100 (e.g. 3 or 2.5), got '0'",
            "--precision|101|--precision must be a percentage above 0 and at most 100 (e.g. 3 or 2.5), got '101'",
            "--precision|3%|--precision must be a percentage above 0 and at most 100 (e.g. 3 or 2.5), got '3%'",
            "--budget|ten|--budget must be a duration like 90s, 10m or 1h30m, got 'ten'",
            "--budget|0s|--budget must be between 1s and 7 days, got '0s'",
            "--transports|dbus-daemon,kdbus|unknown --transports element 'kdbus' (allowed: dbus-daemon,dbus-broker,p2p-unix,p2p-tcp,dbus-daemon-tcp)",
            "--transports|dbus-daemon,,p2p-tcp|--transports has an empty element: 'dbus-daemon,,p2p-tcp'",
            "--modes|sync,burst|unknown --modes element 'burst' (allowed: sync,async)",
            "--sizes|-1|--sizes: payload size must not be negative, got '-1'",
            "--sizes|1000,abc|--sizes: 'abc' is not a byte count (comma-separated whole numbers, e.g. 1000,10000)",
            "--sizes|67108865|--sizes: 67108865 is larger than the maximum payload 67108864",
            "--sizes|99999999999|--sizes: 99999999999 is larger than the maximum payload 67108864",
            "--sizes|0|--sizes: 0 bytes cannot carry a call's sequence number; the smallest payload is 8 bytes",
            "--sizes|7,1000|--sizes: 7 bytes cannot carry a call's sequence number; the smallest payload is 8 bytes",
            "--sweep-windows|1,0|--sweep-windows: 0 is outside 1..65536",
            "--sweep-windows|1,x|--sweep-windows: 'x' is not a whole number",
            "--order|random|--order must be clustered or interleaved or sequential, got 'random'",
            "--order-seed|1000000000|--order-seed must be a whole number, got '1000000000'",
            "--placement|pinned|--placement must be free or one-cpu or cross or split, got 'pinned'",
            "--rotation|yes|--rotation must be on or off, got 'yes'",
            "--scenarios|cold-start,warm|unknown --scenarios element 'warm' (allowed: cold-start,property-reads,property-freshness)",
            "--warmup-budget|20m|--warmup-budget must not exceed --budget (10m00s), got '20m'",
            "--out||--out needs a directory",
    })
    void badValuesGetOneLineInRunAllShsWords(String option, String value, String message) {
        assertEquals(message, error(option, value == null ? "" : value));
    }

    @Test
    void conflictsUnknownOptionsAndMissingValuesAreRefused() {
        assertEquals("--quick and --full exclude each other", error("--quick", "--full"));
        assertEquals("--sweep and --no-sweep exclude each other", error("--sweep", "--no-sweep"));
        assertEquals("--no-build and --rebuild exclude each other", error("--no-build", "--rebuild"));
        assertEquals("--calls and --run-ms exclude each other", error("--calls", "500", "--run-ms", "50"));
        assertEquals("--blocks and --precision exclude each other", error("--blocks", "5", "--precision", "3"));
        assertEquals("unknown option '--fast' (see --help)", error("--fast"));
        assertEquals("unexpected argument 'now' (see --help)", error("now"));
        assertEquals("--calls needs a value", error("--calls"));
        assertEquals("--budget needs a value", error("--budget", "--quick"));
    }

    @Test
    void optionsOfTheRoundBasedDriverSayWhatReplacedThem() {
        assertTrue(error("--runs", "20").startsWith("--runs is gone: the runner measures in blocks"));
        assertTrue(error("--warmup-runs=60").contains("--warmup-blocks N and --warmup-budget D"));
        assertTrue(error("--sweep-runs", "3").contains("use --blocks N for a fixed count"));
    }

    @Test
    void helpIsRecognisedAndExplainsEveryPresetAndOption() {
        assertTrue(SessionOptions.parse(CLOCK, "--help").helpRequested());
        assertTrue(SessionOptions.parse(CLOCK, "--calls", "7", "-h").helpRequested());
        String usage = SessionOptions.usage();
        for (String name : List.of("(default)", "--quick", "--full", "--precision P", "--budget D", "--blocks N",
                "--placement LIST", "--run-ms N", "--calls N", "--order-seed S", "--out DIR", "--no-build", "--rebuild",
                "--scenarios LIST", "--transports LIST", "--modes LIST", "--sizes LIST", "--window N", "--sweep-windows LIST",
                "--no-reference", "--no-sweep", "--cell-timeout S", "--warmup-blocks N", "--warmup-budget D",
                "libdbus>dbus-java", "raw-unix", "dbus-daemon-limit8", "+-3% met")) {
            assertTrue(usage.contains(name), "--help names " + name);
        }
        assertFalse(usage.contains("%%"), "no unformatted percent signs");
    }

    @Test
    void aFolderThatHoldsARunsCsvIsRefused(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        SessionOptions.refuseUsedOut(dir);
        SessionOptions.refuseUsedOut(dir.resolve("not-yet"));
        java.nio.file.Files.writeString(dir.resolve("runs.csv"), "transport\n");
        assertEquals(dir + " already holds a runs.csv; choose another --out (results are never mixed)",
                assertThrows(ParameterException.class, () -> SessionOptions.refuseUsedOut(dir)).getMessage());
    }

    @Test
    void durationsReadAsWrittenOnACommandLine() {
        assertEquals(Optional.of(Duration.ofSeconds(90)), Durations.parse("90s"));
        assertEquals(Optional.of(Duration.ofSeconds(90)), Durations.parse("90"));
        assertEquals(Optional.of(Duration.ofMinutes(10)), Durations.parse("10m"));
        assertEquals(Optional.of(Duration.ofMinutes(95)), Durations.parse("1h35m"));
        assertEquals(Optional.of(Duration.ofMillis(1500)), Durations.parse("1s500ms"));
        assertEquals(Optional.empty(), Durations.parse("10 m"));
        assertEquals(Optional.empty(), Durations.parse("m"));
        assertEquals(Optional.empty(), Durations.parse(""));
        assertEquals("1h02m03s", Durations.format(Duration.ofSeconds(3723)));
        assertEquals("4m05s", Durations.format(Duration.ofSeconds(245)));
        assertEquals("6s", Durations.format(Duration.ofMillis(6900)));
    }

    @Test
    void theSmallestSizeIsTheClientsMinimumPayload() {
        assertEquals(org.dbuslab.client.run.PayloadGenerator.MIN_SIZE, SessionConfig.MIN_PAYLOAD,
            "the runner refuses what the client would refuse, no more and no less");
        assertEquals(List.of(8), parse("--sizes", "8").matrix().sizes());
    }
}
