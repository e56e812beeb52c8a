package org.dbuslab.runner.options;

import java.util.List;
import java.util.stream.Collectors;

import org.dbuslab.format.Library;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.LibraryPlan;

/** The --help text, with the presets' table made from {@link Preset}'s data. */
final class UsageText {

    private UsageText() {
    }

    static String render() {
        return """
                Usage: lab/run-all.sh [--quick | --full | --scale] [options]

                Runs the D-Bus echo benchmark: the matrix (every transport x mode x payload
                size, Java client against Java server), reference rows (libdbus dbus-test-tool
                pairs on dbus-daemon and dbus-broker, and a raw-socket floor without D-Bus), a
                pipelining-depth sweep, the over-limit check, the client-library matrix and
                the 2015 kdbus benchmark (lkml). Every bus, server and Java
                client starts once; the session is then a sequence of BLOCKS, each making one
                run of every matrix cell and of one rotation group of the other cells (their
                mode and payload size; --rotation) in an order shuffled from a recorded seed,
                so every comparison (transport / dbus-daemon, Java / libdbus pairs) is paired
                within a block. Warm-up blocks come first (recorded with phase=warmup) until every Java
                client's JIT is quiet; measured blocks then go on until every matrix cell's
                median us/call and every headline comparison has a 95%% CI half-width within
                --precision, or the --budget is spent. At the end the analysis jar writes the
                report.

                %s
                  "blocks": measured blocks; with a precision target at least the minimum,
                  then until the target is met. "warm-up": least warm-up blocks, then the JIT
                  watch (at most 5 ms of compilation over each Java client's last 5 runs) for
                  at most that share of the budget.

                --scale: the bus under load and at a distance instead of the matrix (issue 15;
                  scale-runs.csv, the report's sections Many clients, Signals and match rules,
                  At a distance): N = 1,2,4,8,16 concurrent clients (sync and pipelined, on
                  dbus-daemon, dbus-broker and p2p-unix); S = 1,4,16,64 signal subscribers and
                  M = 0..4096 non-matching match rules on idle connections (dbus-daemon,
                  dbus-broker); dbus-daemon-tcp, p2p-tcp and raw-tcp through a delay relay of
                  D = 0.1, 1, 10 ms one way (sync, windows 1..256). Every step once per block,
                  shuffled; at least 2 blocks (--min-blocks), then until --budget (default 15m)
                  would not hold another, at most 8 (--blocks). --out, --order-seed,
                  --cell-timeout and the build options apply too, the matrix options do not.

                Precision and time:
                  --precision P       95%% CI half-width target in %% of the estimate (> 0, <= 100;
                                      default %s): every matrix cell's median us/call, and every
                                      headline comparison's paired ratio (block bootstrap)
                  --blocks N          make exactly N measured blocks instead (no precision target)
                  --min-blocks N      least measured blocks before the target may end the session
                  --budget D          session time budget, build and start-up included (e.g. 90s,
                                      10m, 1h30m; default %s)
                  --warmup-blocks N   least warm-up blocks (>= 1)
                  --warmup-budget D   how long the warm-up may wait for the JIT to go quiet
                                      (default: %d%% of --budget; 0 = only the least blocks)

                Matrix (options override the preset, in any order):
                  --run-ms N          calls per run set from a block after the warm-up so a run takes
                                      about N ms (at least 2 x window; cells that are compared share
                                      their calls per run, set by the matrix cells')
                  --calls N           fixed calls per run instead (>= 2)
                  --window N          calls in flight in async mode (>= 1, default %d); sync uses 1
                  --sizes LIST        payload bytes, comma-separated (default %s, min %d, max %d)
                  --transports LIST   comma-separated subset of
                                      %s (default: all)
                  --modes LIST        comma-separated subset of sync,async (default: both)

                Order and placement:
                  --order MODE        interleaved (default): every block shuffled from the seed and
                                      its number; sequential: plan order in every block
                  --order-seed S      seed of the shuffle, 0..%d (default: the session's start
                                      time); order.tsv records it and every block's order
                  --placement LIST    the CPU placements every matrix cell is measured in, each in
                                      every block (default one-cpu,cross; --full adds free):
                                      one-cpu: every process on one CPU; cross: every wake-up of a
                                      sync call crosses CPUs (2 CPUs: the bus, or a p2p server, on
                                      the other CPU; 3 or more: each process its own); split: the
                                      client on one CPU, bus and server on another; free: no
                                      affinity. Only CPUs the lab is allowed; the other series
                                      run in one-cpu. runs.csv's placement column
                  --rotation on|off   on (default): the matrix cells run in every measured block,
                                      every other cell (reference rows, sweep) in the rotation
                                      group of its mode and payload size, block b running group
                                      (b-1) mod G, so the matrix gets G times the blocks in the
                                      same time; plan.tsv records each cell's group, order.tsv
                                      each block's. off: every cell in every block

                Reference rows (rows with reference=true):
                  --no-reference      skip them (libdbus pairs and raw-socket floor)
                  libdbus pairs, on dbus-daemon and dbus-broker of --transports, every mode and
                  size (--quick: the first size):
                    libdbus>libdbus    dbus-test-tool spam -> dbus-test-tool echo
                    dbus-java>libdbus  Java client (--method spam) -> dbus-test-tool echo
                    libdbus>dbus-java  dbus-test-tool spam -> the Java server (com.example.Spam)
                  dbus-test-tool echo replies EMPTY: these rows move half the bytes of a true
                  echo. spam cannot time itself: one process per run, timed from outside, its
                  fixed cost (start, connect, one call, exit) sampled once per block, the median
                  of the latest 5 in fixed_ns; per call = (elapsed_ns - fixed_ns) / (calls - 1).
                  raw-unix, raw-tcp: JDK socket channels, 4-byte length + payload, true echo,
                  every reply verified, sync and pipelined.

                Sweep (Java client, async, every size, dbus-daemon and dbus-broker of --transports):
                  --sweep, --no-sweep    on by default and with --full, off with --quick
                  --sweep-windows LIST   windows (default %s)
                  --sweep-calls N        calls per run; a point makes max(N, 2 x window) calls
                                         (default: as the matrix)
                  With the sweep and dbus-daemon, the over-limit check runs once, in the first
                  measured block: a second dbus-daemon with max_replies_per_connection=8 and a
                  client with window 128 (transport dbus-daemon-limit8). It must end in
                  LimitsExceeded errors from the bus, judged in notes.tsv; not lost calls, not a
                  hang. dbus-broker has no such limit.

                Client libraries (series libraries and lkml; rows with reference=true):
                  --libraries LIST    client libraries of the libraries series, comma-separated
                                      subset of %s, or none (default: all)
                  --lkml-runs N       measured runs of each lkml cell (default %d; 0 = no lkml cells)
                  --library-runs N    measured runs of each libraries cell, after which it leaves the
                                      blocks to the matrix (default %d; 0 = every block of its group)
                  libraries: every client (libdbus spam, the lab's dbus-java client, dbus-java
                  as shipped, the GLib and sd-bus clients of peers/) against the Java server
                  (X>dbus-java) and the GLib server (X>glib), plus sd-bus>sd-bus and
                  dbus-java-stock>dbus-java-stock, on dbus-daemon and dbus-broker of
                  --transports (--full: p2p-unix too), every mode and size; --quick: glib and
                  sd-bus against the Java server and themselves, dbus-daemon, the first size.
                  Calls per run calibrated per client library, mode and size.
                  lkml (the 2015 kdbus benchmark on LKML): glib>glib, sync %d calls per run,
                  async %d calls at window %d, 1000 and 10000 B of --sizes, on dbus-daemon,
                  dbus-broker and p2p-unix of --transports; fixed calls, no warm-up, measured in
                  the first --lkml-runs measured blocks (--quick: async, dbus-daemon, 1000 B). The C
                  peers are built by 'make -C peers' (run-all.sh does it when they are
                  missing or older than their sources, not with --no-build); a missing
                  compiler or library, or the stock jar (stock/target/dbus-lab-stock.jar)
                  not built, puts each affected pair in skipped.tsv with the reason.

                Session:
                  --cell-timeout S    seconds one run may take before it counts as hung
                                      (default %d)
                  --out DIR           results folder (default results/<UTC timestamp>/ in the repo);
                                      refused if it already holds a runs.csv
                  --allow-concurrent  measure even while another session measures on this machine
                                      (default: refuse with one line naming it; two at once spoil
                                      both sessions' numbers)
                  --no-build          never run Maven or make (the jars must exist)
                  --rebuild           always run 'mvn -B -q package -DskipTests' and 'make -C
                                      peers' first (default: build only when a jar or peer is
                                      missing or older than a pom.xml or a source)
                  --scenarios LIST    before the blocks, lab/run-scenarios.sh with the same --out
                                      and preset (the default session: 20 cold-start runs per
                                      contender and bus; the blocks get the budget they leave):
                                      %s, or none (default: all)
                  --started-at-ms MS  when the launcher started (epoch ms): the budget counts from
                                      there (default: now)
                  -h, --help          this text

                Options of the round-based driver (--runs, --runs-per-round, --warmup-runs,
                --warmup-max-seconds, --sweep-runs) are refused with what replaces them.

                Transports:
                  dbus-daemon       dbus-daemon on a unix socket
                  dbus-broker       dbus-broker on a unix socket (started without systemd)
                  p2p-unix          no bus: server listens on a unix socket, client --peer
                  p2p-tcp           no bus: server listens on 127.0.0.1 (kernel-chosen port)
                  dbus-daemon-tcp   dbus-daemon on 127.0.0.1, DBUS_COOKIE_SHA1 authentication

                Environment:
                  JAVA              java binary (default: java on PATH)
                  LAB_JAVA_OPTS     JVM flags for servers, clients and environment capture
                                    (default: -XX:+UseSerialGC; set it empty for the JVM's defaults)

                Outputs in the results folder (docs/RESULTS-FORMAT.md):
                  plan.tsv          every planned Java and raw cell (rewritten with calibrated calls
                                    and, at the end, the blocks made)
                  order.tsv         every run, block by block, in run order; the order seed
                  runs.csv          one row per run, appended as each run ends (an interrupted
                                    session keeps every row it completed): the client's columns,
                                    then round (= block), pair, reference, series, fixed_ns,
                                    expected, cpu_client_ns, cpu_bus_ns, cpu_server_ns
                  precision.tsv     per matrix cell and headline comparison: blocks, CI
                                    half-width, target, met, met since which block
                  fixed-cost.tsv    every spam fixed-cost sample behind fixed_ns
                  skipped.tsv       transport<TAB>reason: a transport that could not start, a
                                    cell that could not run, a pair whose hook is missing
                  notes.tsv         topic<TAB>outcome<TAB>text: the over-limit check's verdict
                  environment.json  machine, OS, JVM and bus versions, CPU placement
                  latency/          HdrHistogram logs, one per client process
                  logs/             session.log, build.log; bus, server and client logs
                  summary.json, report.md   written by the analysis jar at the end

                Progress goes to stderr (and logs/session.log): the start-up and phase lines,
                and after each block the cells and comparisons within the target, how many
                more blocks the target needs at the current rate against how many the budget
                allows, the budget left and an ETA; each run's line goes to logs/session.log
                only. The only line on stdout is the path of report.md, once written.

                Exit codes:
                  0    every cell ran and no call was lost, mismatched or failed (the over-limit
                       check's expected errors aside); a transport that could not start, or a
                       reference pair whose hook is missing, is listed in skipped.tsv but does
                       not fail the session. Not meeting --precision within --budget does not
                       fail it either: precision.tsv and the report say what was met
                  1    some cell lost/mismatched/failed calls, a client crashed, timed out or
                       could not connect, a bus or server died, the over-limit check did not end
                       as expected, no cell ran at all, or the report failed
                  2    bad command line, or --out already holds a runs.csv
                  3    cannot run here: build failed, jar or java missing, or another session is
                       measuring (without --allow-concurrent)
                  130  interrupted (SIGINT), 143 terminated (SIGTERM); everything started is stopped
                """.formatted(presetRows(), SessionOptions.fmtPct(Preset.DEFAULT.precisionPct()),
                Durations.format(Preset.DEFAULT.budget()), Math.round(Preset.DEFAULT.warmupBudgetShare() * 100),
                SessionOptions.DEFAULT_WINDOW, join(SessionOptions.DEFAULT_SIZES), SessionConfig.MIN_PAYLOAD,
                SessionConfig.MAX_PAYLOAD,
                Transport.SELECTABLE.stream().map(Transport::label).collect(Collectors.joining(",")),
                SessionConfig.MAX_ORDER_SEED, join(SessionOptions.DEFAULT_SWEEP_WINDOWS),
                Library.CLIENTS.stream().map(Library::label).collect(Collectors.joining(",")),
                SessionOptions.DEFAULT_LKML_RUNS, SessionOptions.DEFAULT_LIBRARY_RUNS, LibraryPlan.LKML_SYNC_CALLS, LibraryPlan.LKML_ASYNC_CALLS,
                LibraryPlan.LKML_WINDOW, SessionOptions.DEFAULT_CELL_TIMEOUT.toSeconds(), String.join(",", SessionConfig.ALL_SCENARIOS));
    }

    private static final String ROW = "  %-9s %-13s %-27s %-8s %-18s %-10s %-6s %s";

    static String presetRows() {
        String header = String.format(ROW, "Presets", "calls/run", "blocks", "budget", "warm-up", "reference", "sweep",
                "measured here");
        return header + "\n" + List.of(Preset.DEFAULT, Preset.QUICK, Preset.FULL, Preset.SCALE).stream().map(UsageText::row)
                .collect(Collectors.joining("\n"));
    }

    private static String row(Preset p) {
        String name = p == Preset.DEFAULT ? "(default)" : "--" + p.name();
        String calls = p.calls() > 0 ? String.valueOf(p.calls()) : "~" + p.runTarget().toMillis() + " ms/run";
        String blocks = p == Preset.SCALE ? p.minBlocks() + " to " + p.fixedBlocks() + ", within budget"
                : p.precisionTarget()
                ? ">= " + p.minBlocks() + ", until +-" + SessionOptions.fmtPct(p.precisionPct()) + " met"
                : p.fixedBlocks() + " (no target)";
        String warmup = ">= " + p.warmupBlocks() + (p.warmupBudgetShare() > 0
                ? ", JIT <= " + Math.round(p.warmupBudgetShare() * 100) + "%" : ", no watch");
        String reference = p.referenceSizes() == 0 ? "all sizes" : "size 1";
        return String.format(ROW, name, calls, blocks, Durations.format(p.budget()), warmup, reference,
                p.sweep() ? "yes" : "no", p.measuredHere());
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
