package org.dbuslab.analysis.report.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.doc.Table;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.CellSummary;
import org.dbuslab.analysis.model.Numbers;
import org.dbuslab.analysis.profile.FrameCategory;
import org.dbuslab.analysis.profile.PairProfile;
import org.dbuslab.analysis.profile.ProfileSet;
import org.dbuslab.analysis.profile.RoleProfile;
import org.dbuslab.analysis.profile.StockCosts;
import org.dbuslab.format.Pair;
import org.dbuslab.format.ProfilesTsv;

/**
 * "Why it costs" (issue 25): what the profiling pass's profiles say, only when the folder has them. Per profiled pair:
 * CPU µs per call by category (client, server and bus together), how much of the samples the rules named, the calling
 * thread's waiting from its wall-clock profile, one sentence; the flame graphs (profiles/*.svg) linked; the top frames
 * by self time; and dbus-java as shipped against the lab's path: its largest costs by part, each with the experiment
 * that isolates it and the share of the excess µs per call it explains.
 */
public final class WhyItCostsSection {

    public static final String ID = "why-it-costs";
    public static final String TITLE = "Why it costs";
    static final int TOP_FRAMES = 5;
    /** The categories as the table's columns, in this order. */
    static final List<FrameCategory> COLUMNS = List.of(FrameCategory.MARSHALLING, FrameCategory.SOCKET_IO,
        FrameCategory.DISPATCH, FrameCategory.GC_ALLOCATION, FrameCategory.JIT_VM, FrameCategory.BUS_ROUTING,
        FrameCategory.HARNESS, FrameCategory.OTHER);

    private WhyItCostsSection() {
    }

    public static Optional<Section> of(Analysis analysis) {
        return analysis.profiles().map(p -> section(analysis, measured(analysis, p)));
    }

    /** The profiles with each role's CPU per call from the measured blocks, where the session measured the cell. */
    static ProfileSet measured(Analysis analysis, ProfileSet profiles) {
        return new ProfileSet(profiles.folder(), profiles.pairs().stream().map(p -> cell(analysis, p)
            .map(c -> p.withMeasuredCpu(Map.of(ProfilesTsv.CLIENT, c.cpu().client(), ProfilesTsv.SERVER, c.cpu().server(),
                ProfilesTsv.BUS, c.cpu().bus())))
            .orElse(p)).toList(), profiles.problems());
    }

    static Section section(Analysis analysis, ProfileSet profiles) {
        Section.Builder s = Section.builder(ID, TITLE).note(intro());
        if (profiles.pairs().isEmpty()) {
            s.text("The profiling pass wrote no profile (see notes.tsv and logs/session.log for why).");
        } else {
            s.table(categoryTable(analysis, profiles), "details");
            s.bullets(profiles.pairs().stream().map(p -> answer(p, wallUs(analysis, p))).toList());
            s.add(new Block.Markdown(links(profiles)));
            stockAgainstLab(analysis, profiles).ifPresent(s::subsection);
            s.subsection(topFrames(profiles));
        }
        if (!profiles.problems().isEmpty()) {
            s.paragraph("Profiles that could not be read: " + String.join("; ", profiles.problems()), Block.Tone.WARNING);
        }
        return s.build();
    }

    static String intro() {
        return "After the measured blocks, and never during them, the profiling pass (lab/run-all.sh --profile, and at the "
            + "end of --full) made runs of each library pair against itself on dbus-daemon, one cell at a time, with "
            + "every process placed freely by the scheduler, while its client, server and bus were sampled: the JVMs by "
            + "async-profiler, the C programs and the bus by perf record, both on the cpu-clock software event every 1 ms "
            + "of CPU time, so a sample is a millisecond of CPU wherever it was taken. Then a JVM client's calling thread "
            + "(main) was sampled alone by wall clock, which also sees it wait. None of these runs is in runs.csv. A "
            + "sample's category comes from its stack, leaf first: the first frame a rule names decides (package and "
            + "symbol patterns, analysis/src/main/java/org/dbuslab/analysis/profile/Categories.java). Profiling slows what "
            + "it watches (perf copies 8 KiB of stack per sample), so the profiles give the shares and the measured blocks "
            + "the amounts: a process's CPU µs per call is its median over the cell's measured runs (runs.csv's cpu_*_ns, "
            + "as in Where the time goes), split by the shares of its samples; † marks a cell the blocks did not measure, "
            + "whose CPU is the profiled runs' own (schedstat over the profile ÷ calls). \"wall\" is the cell's measured "
            + "median µs/call.";
    }

    private static Table categoryTable(Analysis analysis, ProfileSet profiles) {
        List<String> header = new ArrayList<>(List.of("pair", "mode", "wall µs/call", "CPU µs/call (client + server + bus)"));
        COLUMNS.forEach(c -> header.add(c.label()));
        header.addAll(List.of("named by a rule", "calling thread waiting"));
        List<Boolean> numeric = new ArrayList<>(List.of(false, false));
        while (numeric.size() < header.size()) {
            numeric.add(true);
        }
        List<List<String>> rows = new ArrayList<>();
        for (PairProfile p : profiles.pairs()) {
            List<String> row = new ArrayList<>();
            row.add(p.pair());
            row.add(p.mode() + (p.mode().equals("sync") ? "" : " w" + p.window()));
            row.add(Numbers.microseconds(wallUs(analysis, p)));
            row.add(Numbers.microseconds(p.cpuUsPerCall()) + (p.cpuMeasured() ? "" : " †") + " (" + roles(p) + ")");
            Map<FrameCategory, Double> us = p.usPerCallByCategory();
            double all = p.cpuUsPerCall();
            for (FrameCategory c : COLUMNS) {
                row.add(Numbers.microseconds(us.get(c)) + " (" + pct(us.get(c), all) + ")");
            }
            row.add(Numbers.percent(p.categorisedShare()));
            row.add(p.wall().map(w -> Numbers.percent(w.share(FrameCategory.WAITING))).orElse(Numbers.ABSENT));
            rows.add(row);
        }
        return new Table(header, numeric, rows);
    }

    private static String roles(PairProfile p) {
        return ProfilesTsv.ROLES.stream().map(r -> p.cpu().containsKey(r)
                ? r + " " + Numbers.microseconds(p.roleCpuUs(r)) : r + " —")
            .collect(Collectors.joining(", "));
    }

    private static String share(long part, long all) {
        return all == 0 ? Numbers.NOT_AVAILABLE : Numbers.fixed(100.0 * part / all, 0) + " %";
    }

    /** One sentence per pair: its CPU, its largest category and where, its second, and its calling thread's waiting. */
    static String answer(PairProfile p, double wallUs) {
        Map<FrameCategory, Double> us = p.usPerCallByCategory();
        List<FrameCategory> ranked = COLUMNS.stream().filter(c -> c != FrameCategory.OTHER)
            .sorted(Comparator.comparing((FrameCategory c) -> us.get(c)).reversed()).toList();
        FrameCategory first = ranked.get(0);
        FrameCategory second = ranked.get(1);
        double cpu = p.cpuUsPerCall();
        String where = largestPart(p, first);
        StringBuilder b = new StringBuilder();
        b.append(p.describe()).append(": ");
        if (Double.isFinite(wallUs)) {
            b.append(Numbers.microseconds(wallUs)).append(" µs per call, ");
        }
        b.append(Numbers.microseconds(cpu)).append(" µs of CPU per call, most of it ").append(first.label()).append(" (")
            .append(pct(us.get(first), cpu)).append(where).append(") and ").append(second.label()).append(" (")
            .append(pct(us.get(second), cpu)).append(")");
        p.wall().ifPresent(w -> b.append("; its calling thread waited ").append(Numbers.percent(w.share(FrameCategory.WAITING)))
            .append(" of the time"));
        return b.append('.').toString();
    }

    private static String largestPart(PairProfile p, FrameCategory category) {
        RoleProfile best = null;
        RoleProfile.Part bestPart = null;
        double bestUs = 0;
        for (RoleProfile r : p.cpu().values()) {
            for (RoleProfile.Part part : r.byPart().keySet()) {
                double v = p.partUs(r.role(), part);
                if (part.category() == category && v > bestUs) {
                    best = r;
                    bestPart = part;
                    bestUs = v;
                }
            }
        }
        return best == null ? "" : ", the largest part " + bestPart.part() + " in the " + best.role();
    }

    private static String pct(double part, double all) {
        return all > 0 ? Numbers.fixed(100.0 * part / all, 0) + " %" : Numbers.NOT_AVAILABLE;
    }

    /** The links to every flame graph, a line per pair (report.md and report.html alike). */
    static String links(ProfileSet profiles) {
        StringBuilder md = new StringBuilder("Flame graphs (self-contained SVG beside this report; hover a box for its"
            + " figures):\n\n");
        for (PairProfile p : profiles.pairs()) {
            md.append("- ").append(escape(p.describe())).append(": ").append(p.all().stream()
                .map(r -> "[" + linkText(r) + "](" + ProfilesTsv.FOLDER + "/" + r.svgName() + ")")
                .collect(Collectors.joining(" · "))).append('\n');
        }
        return md.toString();
    }

    private static String linkText(RoleProfile r) {
        return r.wall() ? "calling thread, wall clock" : r.role() + " CPU (" + r.row().program() + ")";
    }

    private static String escape(String text) {
        return text.replace("<", "&lt;").replace(">", "\\>").replace("*", "\\*").replace("_", "\\_");
    }

    private static Section topFrames(ProfileSet profiles) {
        List<List<String>> rows = new ArrayList<>();
        for (PairProfile p : profiles.pairs()) {
            for (RoleProfile r : p.all()) {
                r.selfFrames().stream().limit(TOP_FRAMES).forEach(f -> rows.add(List.of(p.describe(),
                    r.wall() ? "calling thread (wall)" : r.role(), f.frame(), share(f.samples(), r.samples()),
                    category(f.frame(), r))));
            }
        }
        return Section.builder(ID + "-top-frames", "Top frames by self time").collapsed()
            .note("Per profile, the " + TOP_FRAMES + " frames most often at the top of the stack (the function running "
                + "when sampled), as a share of that profile's samples, with the category their samples got.")
            .table(new Table(List.of("cell", "profile", "frame", "self", "category"), List.of(false, false, false, true, false),
                rows), "details")
            .build();
    }

    private static String category(String frame, RoleProfile r) {
        Map<FrameCategory, Long> counts = new java.util.EnumMap<>(FrameCategory.class);
        r.stacks().stacks().forEach((frames, count) -> {
            if (org.dbuslab.analysis.profile.Categories.normalise(frames.get(frames.size() - 1)).equals(frame)) {
                FrameCategory c = (r.wall() ? org.dbuslab.analysis.profile.Categories.wall(frames)
                    : org.dbuslab.analysis.profile.Categories.cpu(frames)).category();
                counts.merge(c, count, Long::sum);
            }
        });
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(e -> e.getKey().label()).orElse("");
    }

    /** dbus-java as shipped against the lab's path, per mode both were profiled in. */
    private static Optional<Section> stockAgainstLab(Analysis analysis, ProfileSet profiles) {
        Section.Builder s = Section.builder(ID + "-stock", "dbus-java as shipped against the lab's path");
        boolean any = false;
        for (String mode : List.of("sync", "async")) {
            Optional<PairProfile> stock = profiles.find(Pair.STOCK_STOCK.label(), mode);
            Optional<PairProfile> lab = profiles.find(Pair.JAVA.label(), mode);
            if (stock.isEmpty() || lab.isEmpty()) {
                continue;
            }
            any = true;
            StockCosts costs = StockCosts.of(stock.get(), lab.get(), wallUs(analysis, stock.get()), wallUs(analysis, lab.get()));
            s.text(costs.sentence());
            s.table(costTable(costs), "details");
        }
        if (!any) {
            return Optional.empty();
        }
        s.note(StockCosts.EXPERIMENTS_NOTE);
        return Optional.of(s.build());
    }

    private static Table costTable(StockCosts costs) {
        List<List<String>> rows = new ArrayList<>();
        int rank = 1;
        for (StockCosts.Cost c : costs.largest()) {
            rows.add(List.of(Integer.toString(rank++), c.part().toString(), c.roles(), Numbers.microseconds(c.stockUs()),
                Numbers.microseconds(c.labUs()), Numbers.signedMicroseconds(c.excessUs()),
                Numbers.percent(c.shareOfWallExcess()), c.experiment()));
        }
        return new Table(List.of("#", "cost (category: part)", "where", "dbus-java-stock µs/call", "lab µs/call",
            "excess µs/call", "share of the wall excess", "experiment that isolates it"),
            List.of(true, false, false, true, true, true, true, false), rows);
    }

    /** The measured median µs/call of the cell P profiles (free placement first), or NaN when not measured. */
    static double wallUs(Analysis analysis, PairProfile p) {
        return cell(analysis, p).map(CellSummary::usPerCallMedian).orElse(Double.NaN);
    }

    /** The measured cell P profiles: same transport, pair, mode, payload and window, free placement first. */
    static Optional<CellSummary> cell(Analysis analysis, PairProfile p) {
        return analysis.allCells().stream()
            .filter(c -> c.runs() > 0 && c.key().transport().equals(p.transport()) && c.key().pair().equals(p.pair())
                && c.key().mode().equals(p.mode()) && c.key().payloadBytes() == p.payloadBytes()
                && c.key().window() == p.window())
            .min(Comparator.comparing((CellSummary c) -> !c.key().placement().equals("free")));
    }

    /** The flame graph's title. */
    public static String graphTitle(RoleProfile r) {
        ProfilesTsv.Row row = r.row();
        String what = r.wall() ? "Wall clock of the client's calling thread (" + row.thread() + ")"
            : "CPU of the " + row.role() + " (" + row.program() + ")";
        return what + ": " + row.transport() + " " + row.pair() + " " + row.mode() + " " + row.payloadBytes() + " B"
            + (row.mode().equals("sync") ? "" : " window " + row.window());
    }

    /** The flame graph's subtitle: samples, event, profiler, time, calls, how much the rules named. */
    public static String graphSubtitle(RoleProfile r) {
        ProfilesTsv.Row row = r.row();
        return r.samples() + " samples of " + row.event() + " every " + Numbers.fixed(row.intervalNs() / 1e6, 0) + " ms ("
            + row.profiler() + "), " + Numbers.fixed(row.wallNs() / 1e9, 1) + " s, " + row.calls() + " calls"
            + (r.wall() ? ", waiting " + Numbers.percent(r.share(FrameCategory.WAITING))
                : ", " + Numbers.microseconds(r.cpuUsPerCall()) + " µs CPU per call, " + Numbers.percent(r.categorisedShare())
                    + " named by a rule");
    }
}
