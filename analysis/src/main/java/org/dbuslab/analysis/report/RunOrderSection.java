package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.RunOrder;
import org.dbuslab.analysis.read.RunRecord;

/** "Run order": whether the transports were interleaved, per cell shape. */
public final class RunOrderSection {

    private static final int MAX_ORDER_TOKENS = 9;

    private RunOrderSection() {
    }

    public static final String ID = "run-order";

    public static Section of(Analysis analysis) {
        return Section.builder(ID, "Run order").collapsed().text(runOrderIntro(analysis)).bullets(runOrder(analysis)).build();
    }

    public static String runOrderIntro(Analysis analysis) {
        RunOrder order = analysis.runOrder();
        long warmups = order.runs().stream().filter(RunRecord::warmup).count();
        if (analysis.hasLabSeries() && order.fromTimestamps()) {
            return "Order of runs.csv's started_utc: " + order.runs().size() + " runs, reference, sweep and over-limit runs "
                    + "included (" + warmups + " of them warm-up), from " + order.first() + " to " + order.last()
                    + ". Measured runs of the subject cells per cell shape:";
        }
        if (!order.fromTimestamps()) {
            return "runs.csv has no complete started_utc column, so the order of its rows is taken as the run order ("
                    + order.runs().size() + " runs, " + warmups + " of them warm-up).";
        }
        return "Order of runs.csv's started_utc: " + order.runs().size() + " runs (" + warmups + " of them warm-up) from "
                + order.first() + " to " + order.last() + ". Measured runs per cell shape:";
    }

    public static List<String> runOrder(Analysis analysis) {
        return analysis.runOrder().groups().stream().map(g -> g.shape() + ": " + switch (g.pattern()) {
            case BLOCKED -> "blocked, each transport's runs back to back: " + sequence(g.transports());
            case INTERLEAVED -> "interleaved, " + g.switches() + " transport switches in " + g.transports().size()
                    + " runs: " + sequence(g.transports());
            case SINGLE -> "one transport only: " + sequence(g.transports());
        }).toList();
    }

    /** Run-length encoded: "dbus-daemon ×5 → dbus-broker ×5", cut after a few steps. */
    private static String sequence(List<String> transports) {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < transports.size(); ) {
            int j = i;
            while (j < transports.size() && transports.get(j).equals(transports.get(i))) {
                j++;
            }
            tokens.add(transports.get(i) + (j - i > 1 ? " ×" + (j - i) : ""));
            i = j;
        }
        String joined = String.join(" → ", tokens.subList(0, Math.min(tokens.size(), MAX_ORDER_TOKENS)));
        return tokens.size() > MAX_ORDER_TOKENS ? joined + " → …" : joined;
    }
}
