package org.dbuslab.runner.options;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.dbuslab.runner.plan.LibraryPlan;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The --help text: the options come from their declarations, one section per mixin of {@link SessionOptions};
 * the prose around them (what a session is, the presets' table from {@link Preset}'s data, exit codes) is here.
 */
final class UsageText {

    private static final String ABOUT = """
            Usage: lab/run-all.sh [--quick | --full | --scale] [options]

            Runs the D-Bus echo benchmark: the matrix (every transport x mode x payload
            size, Java client against Java server), reference rows (libdbus pairs and a
            raw-socket floor), a pipelining-depth sweep, the over-limit check, the
            client-library matrix, the 2015 kdbus benchmark (lkml) and the real-world
            paths (--paths: clients through xdg-dbus-proxy and systemd-stdio-bridge, each
            beside the same client on the bus directly, and buses with 100 to 10000 extra
            policy rules). Every bus, server
            and Java client starts once; the session is then a sequence of BLOCKS, each
            making one run of every matrix cell and of one rotation group of the other
            cells (--rotation; three of a raw floor cell, more of a path or 2015 cell
            not yet within its target) in an order shuffled from a recorded seed, so every
            comparison is paired within a block, its runs close together (--order).
            Warm-up blocks come first (phase=warmup) until every Java client's JIT is
            quiet; measured blocks then go on until every
            matrix cell's median us/call and every headline comparison has a 95% CI
            half-width within --precision, every real-world path's price within 5% and
            the 2015 ratio within 15% (their cells run up to 3 times a block while they
            are not), or the --budget is spent. At the end the
            analysis jar writes the report. docs/DESIGN.md says what each series measures,
            docs/RUNNER-DESIGN.md how a session is built.

            """;

    private static final String ABOUT_PRESETS_TEXT = """
              "blocks": measured blocks; with a precision target at least the minimum,
              then until the target is met. "warm-up": least warm-up blocks, then the JIT
              watch (at most 5 ms of compilation over each Java client's last 5 runs) for
              at most that share of the budget. A measured run whose client compiled for
              more than 10%% of it is made again at once (runs.csv: phase redone).

            --profile: the profiling pass after the blocks (issue 25; also at the end of
              --full): never measured, none of its runs is in runs.csv; profiles/ gets
              one collapsed-stacks file per cell, process and kind (cpu; wall for a JVM
              client's calling thread) and profiles.tsv; the report draws flame graphs and
              "Why it costs". %s.

            --scale: the bus under load and at a distance instead of the matrix (issue 15;
              scale-runs.csv, the report's sections Many clients, Signals and match rules,
              At a distance): N = 1,2,4,8,16 concurrent clients (sync and pipelined, on
              dbus-daemon, dbus-broker and p2p-unix); S = 1,4,16,64 signal subscribers and
              M = 0..4096 non-matching match rules on idle connections (dbus-daemon,
              dbus-broker); dbus-daemon-tcp, p2p-tcp, dbus-daemon-bridge (remote busctl's
              path: systemd-stdio-bridge in front of dbus-daemon) and raw-tcp through a
              delay relay of D = 0.1, 1, 10 ms one way (sync, windows 1..256), and at
              D = 0 direct and through the relay with no delay (its own floor: the
              relay's check is judged net of it); dbus-daemon-tcp and p2p-tcp across a
              second network namespace (a veth pair: the same kernel and CPUs, a real IP
              path; needs root and ip from iproute2, else skipped.tsv, under CI=true a
              failure). Every step once per block, shuffled; at least 2 blocks
              (--min-blocks), then until --budget (default 15m) would not hold another,
              at most 8 (--blocks). --out,
              --order-seed, --cell-timeout and the build options apply too, the matrix
              options do not (--calls and --run-ms are refused: the series set their own
              run lengths). --placement P: the whole session in one placement (default
              free); pinned, the relays and the bridge run on the bus's CPU and the idle
              distance clients wait on a CPU the placement leaves free, if any. The
              bridge needs systemd-socket-activate and systemd-stdio-bridge (Debian
              package systemd), else skipped.tsv, under CI=true a failure.

            """;

    private static final String ABOUT_PRESETS = ABOUT_PRESETS_TEXT.formatted(wrapped(ProfileDefaults.describe()));

    private static final String FOOTER = """
            lkml (--lkml-runs): glib>glib, sync %d calls per run (%d with --full, as in 2015), async %d
            calls at window %d, 1000 and 10000 B of --sizes, on dbus-daemon, dbus-broker and p2p-unix
            of --transports; fixed calls, no warm-up. A pair whose C peer (make -C peers) or stock jar is
            missing goes to skipped.tsv with the reason.

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
                                (default: -XX:+UseSerialGC -Xms64m -Xmn32m -XX:+AlwaysPreTouch;
                                set it empty for the JVM's defaults)

            Outputs: the results folder's files (plan.tsv, order.tsv, runs.csv,
            precision.tsv, ..., summary.json, report.md) are described in
            docs/RESULTS-FORMAT.md. Progress goes to stderr (and logs/session.log); the
            only line on stdout is the path of report.md, once written.

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
            """.formatted(LibraryPlan.LKML_SYNC_CALLS_SHORT, LibraryPlan.LKML_SYNC_CALLS, LibraryPlan.LKML_ASYNC_CALLS, LibraryPlan.LKML_WINDOW);

    private UsageText() {
    }

    static String render(CommandLine cl) {
        cl.setSeparator(" "); // "--calls N" in the help; parsing keeps "=" too, see SessionOptions.commandLine
        cl.setHelpSectionKeys(List.of(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER));
        Map<String, CommandLine.IHelpSectionRenderer> sections = cl.getHelpSectionMap();
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER, help -> ABOUT);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, UsageText::optionSections);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> FOOTER);
        return cl.getUsageMessage(Help.Ansi.OFF);
    }

    /** One heading per mixin and its options; the presets' table follows the presets. */
    private static String optionSections(Help help) {
        StringBuilder out = new StringBuilder();
        help.commandSpec().mixins().forEach((heading, mixin) -> {
            List<OptionSpec> visible = mixin.options().stream().filter(o -> !o.hidden()).toList();
            out.append(heading).append(":\n").append(help.optionListExcludingGroups(visible));
            if (mixin.userObject() instanceof PresetOptions) {
                out.append("\n").append(presetRows()).append("\n").append(ABOUT_PRESETS);
            } else {
                out.append("\n");
            }
        });
        return out.toString();
    }

    private static final String ROW = "  %-9s %-13s %-27s %-8s %-18s %-10s %-6s %s";

    static String presetRows() {
        String header = String.format(ROW, "Presets", "calls/run", "blocks", "budget", "warm-up", "reference", "sweep",
                "measured here");
        return header + "\n" + List.of(Preset.DEFAULT, Preset.QUICK, Preset.FULL, Preset.SCALE, Preset.PROFILE).stream().map(UsageText::row)
                .collect(Collectors.joining("\n"));
    }

    private static String row(Preset p) {
        String name = p == Preset.DEFAULT ? "(default)" : "--" + p.name();
        String calls = p.calls() > 0 ? String.valueOf(p.calls()) : "~" + p.runTarget().toMillis() + " ms/run";
        String blocks = p == Preset.SCALE ? p.minBlocks() + " to " + p.fixedBlocks() + ", within budget"
                : p.precisionTarget()
                ? ">= " + p.minBlocks() + ", until +-" + percent(p.precisionPct()) + " met"
                : p.fixedBlocks() + " (no target)";
        String warmup = ">= " + p.warmupBlocks() + (p.warmupBudgetShare() > 0
                ? ", JIT <= " + Math.round(p.warmupBudgetShare() * 100) + "%" : ", no watch");
        String reference = p.referenceSizes() == 0 ? "all sizes" : "size 1";
        return String.format(ROW, name, calls, blocks, Durations.format(p.budget()), warmup, reference,
                p.sweep() ? "yes" : "no", p.measuredHere());
    }

    /** TEXT wrapped at 80 columns, later lines indented like the presets' notes. */
    private static String wrapped(String text) {
        StringBuilder out = new StringBuilder();
        int column = "  ".length() + "--profile: ...".length();
        for (String word : text.split(" ")) {
            if (out.length() > 0 && column + 1 + word.length() > 78) {
                out.append("\n  ");
                column = 2;
            } else if (out.length() > 0) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
        }
        return out.toString();
    }

    private static String percent(double pct) {
        return (pct == Math.rint(pct) ? String.valueOf((long) pct) : String.valueOf(pct)) + "%";
    }
}
