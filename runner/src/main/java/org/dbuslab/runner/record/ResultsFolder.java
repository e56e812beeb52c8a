package org.dbuslab.runner.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.dbuslab.format.NotesTsv;
import org.dbuslab.format.OrderTsv;
import org.dbuslab.format.Pair;
import org.dbuslab.format.Phase;
import org.dbuslab.format.PlanTsv;
import org.dbuslab.format.PrecisionTsv;
import org.dbuslab.format.SkippedTsv;
import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.BlockOrder;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.Rotation;
import org.dbuslab.runner.plan.SessionPlan;
import org.dbuslab.runner.stop.Precision;

/**
 * The runner's side of a results folder (docs/RESULTS-FORMAT.md): every file through its one definition in the
 * format module. Appends open, write and close the file each time, so whatever was written survives a kill;
 * whole-file rewrites (plan.tsv, precision.tsv) are atomic.
 */
public final class ResultsFolder {

    public static final String LOGS = "logs";
    public static final String LATENCY = "latency";

    private final Path dir;

    /** Creates the folder with its logs/ and latency/ subfolders, and the files that must exist even when empty. */
    public static ResultsFolder create(Path dir) {
        try {
            Files.createDirectories(dir.resolve(LOGS));
            Files.createDirectories(dir.resolve(LATENCY));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        ResultsFolder folder = new ResultsFolder(dir);
        SkippedTsv.FORMAT.create(dir);
        OrderTsv.FORMAT.create(dir);
        return folder;
    }

    private ResultsFolder(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /**
     * plan.tsv: the Java and raw cells (matrix, reference raw floor, sweep, over-limit check; the libdbus pairs are
     * only in order.tsv). Written at the start and rewritten when calls are calibrated and at the end.
     *
     * @param measuredBlocks the measured blocks planned (at the start) or made (at the end); the over-limit check
     *                       has one run in all
     */
    public void writePlan(SessionPlan plan, int measuredBlocks, int warmupBlocks) {
        writePlan(plan, Rotation.OFF, measuredBlocks, warmupBlocks);
    }

    /** plan.tsv with each cell's measured runs in MEASUREDBLOCKS blocks of this rotation (and its cap) and its group. */
    public void writePlan(SessionPlan plan, Rotation rotation, int measuredBlocks, int warmupBlocks) {
        PlanTsv.FORMAT.write(dir, planRows(plan, rotation, measuredBlocks, warmupBlocks));
    }

    static List<PlanTsv.Row> planRows(SessionPlan plan, Rotation rotation, int measuredBlocks, int warmupBlocks) {
        List<PlanTsv.Row> rows = new ArrayList<>();
        for (Cell c : plan.cells()) {
            if (c.kind() == CellKind.JAVA || c.kind() == CellKind.RAW || c.kind() == CellKind.OVERLIMIT) {
                boolean once = c.kind() == CellKind.OVERLIMIT;
                int runs = once ? Math.min(1, measuredBlocks)
                    : rotation.blocksOf(c, measuredBlocks) * c.kind().runsPerMeasuredBlock();
                // a path's program (xdg-dbus-proxy, systemd-stdio-bridge) runs on the bus's CPU (Services.startRoute)
                String routeCpu = c.transport().route() == org.dbuslab.format.Route.DIRECT ? "" : PlanTsv.ON_BUS_CPU;
                rows.add(new PlanTsv.Row(c.transport().label(), c.mode().label(), c.payloadBytes(), c.window(), c.calls(),
                        c.maxRuns() > 0 ? Math.min(c.maxRuns(), runs) : runs, once ? 0 : warmupBlocks, rotation.label(c),
                        c.placement().label(), routeCpu));
            }
        }
        return rows;
    }

    /** order.tsv: one line per run of the block, appended as the block starts. */
    public void appendOrder(BlockOrder order) {
        OrderTsv.FORMAT.append(dir, orderRows(order));
    }

    static List<OrderTsv.Row> orderRows(BlockOrder order) {
        List<OrderTsv.Row> rows = new ArrayList<>();
        boolean measured = order.phase() == Phase.MEASURE;
        int position = 0;
        for (Cell c : order.cells()) {
            position++;
            rows.add(new OrderTsv.Row(order.block(), position, c.kind().label(), c.series().label(), c.pair().label(),
                    c.transport().label(), c.mode().label(), c.payloadBytes(), c.window(), c.calls(), measured ? 1 : 0,
                    measured ? 0 : 1, order.payloadSeed(), order.ordering().label(), order.orderSeed(), order.group()));
        }
        return rows;
    }

    /** skipped.tsv: a transport (or a service of it) that could not run. */
    public void skipped(Transport transport, String reason) {
        SkippedTsv.FORMAT.append(dir, new SkippedTsv.Row(transport.label(), reason(reason)));
    }

    /** skipped.tsv: a reference pair that could not run: {@code transport pair}, so it never marks the transport. */
    public void skipped(Transport transport, Pair pair, String reason) {
        SkippedTsv.FORMAT.append(dir, new SkippedTsv.Row(transport.label() + " " + pair.shortName(), reason(reason)));
    }

    /** A reason is never empty: a process that printed nothing (e.g. "client timed out after 45s: ") says so. */
    static String reason(String text) {
        String t = text == null ? "" : text.strip();
        return t.isEmpty() ? "no output" : t.endsWith(":") ? t + " no output" : t;
    }

    /** notes.tsv: a check's verdict, e.g. {@code over-limit / as-expected}. */
    public void note(String topic, String outcome, String text) {
        NotesTsv.FORMAT.append(dir, new NotesTsv.Row(topic, outcome, text));
    }

    /** precision.tsv, rewritten after every measured block. */
    public void writePrecision(List<Precision> precision) {
        PrecisionTsv.FORMAT.write(dir, precisionRows(precision));
    }

    static List<PrecisionTsv.Row> precisionRows(List<Precision> precision) {
        return precision.stream().filter(p -> !p.skipped()).map(p -> {
            Cell c = p.cell();
            String kind = p.isComparison() ? p.comparison().kind().label() : "cell";
            String versusTransport = p.isComparison() ? p.comparison().baseline().transport().label() : "";
            String versusPair = p.isComparison() ? p.comparison().baseline().pair().label() : "";
            return new PrecisionTsv.Row(kind, c.transport().label(), c.mode().label(), c.payloadBytes(), c.window(),
                    c.pair().label(), c.series().label(), versusTransport, versusPair, p.blocks(), p.halfWidthPct(),
                    p.targetPct(), p.met(), p.metSince(), c.placement().label());
        }).toList();
    }

    /** The latency log of one client process (or spam cell), relative to the folder, as runs.csv's latency_log. */
    public static String latencyLog(String clientName) {
        return LATENCY + "/" + clientName + ".hlog";
    }
}
