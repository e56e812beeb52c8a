package org.dbuslab.analysis.report;

import org.dbuslab.analysis.charts.Charts;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Document;
import org.dbuslab.analysis.doc.Figure;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.report.profile.WhyItCostsSection;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.model.ScaleResults;
import org.dbuslab.analysis.read.Environment;
import org.dbuslab.analysis.read.Placements;

import java.util.ArrayList;
import java.util.List;

/**
 * The human report as a document, built once for report.md and report.html: the findings and their charts first,
 * then the headline and warnings, the lab's figures, and the details (collapsed in report.html) last.
 */
public final class ReportDocument {

    public static final String TITLE = "D-Bus round-trip report";

    private ReportDocument() {
    }

    public static Document of(Analysis analysis) {
        if (analysis.folder().runs().isEmpty() && analysis.scale().isPresent()) {
            return scaleOnly(analysis, analysis.scale().get());
        }
        List<Section> sections = new ArrayList<>();
        sections.add(FindingsSection.of(analysis));
        sections.add(HeadlineSection.of(analysis));
        sections.add(Warnings.of(analysis));
        sections.add(LabHealthSection.of(analysis));
        sections.add(WhereTimeGoes.of(analysis));
        sections.addAll(LibrarySections.of(analysis));
        WhyItCostsSection.of(analysis).ifPresent(sections::add);
        sections.add(PrecisionView.of(analysis));
        sections.add(SweepSection.of(analysis));
        sections.add(OverLimitSection.of(analysis));
        analysis.scale().ifPresent(scale -> sections.addAll(ScaleSections.of(scale)));
        sections.add(LatencySection.of(analysis));
        List<Figure> runTimes = Charts.runTimes(analysis);
        if (!runTimes.isEmpty()) {
            sections.add(Section.builder("run-times", "Run-time distributions").collapsed().charts(runTimes).build());
        }
        sections.addAll(DetailsSection.of(analysis));
        sections.add(RunOrderSection.of(analysis));
        sections.add(CorrectnessSection.of(analysis));
        sections.add(SkippedSection.of(analysis));
        ScenariosSection.of(analysis).ifPresent(sections::add);
        sections.add(MachineSection.of(analysis));
        sections.add(HowToReadSection.of(analysis));
        return document(analysis, sections);
    }

    /**
     * A scale session's folder (scale-runs.csv, no runs.csv rows): its findings, its three sections and what says
     * where it ran; the matrix's sections would each only say that they have nothing.
     */
    private static Document scaleOnly(Analysis analysis, ScaleResults scale) {
        List<Section> sections = new ArrayList<>();
        ScaleSections.Verdicts verdicts = ScaleSections.Verdicts.of(scale);
        List<Block.Item> findings = new ArrayList<>(ScaleSections.findings(verdicts));
        Environment env = analysis.folder().environment();
        Object where = env.values().get("placement_cpus");
        // the whole scale session runs in one placement: its figures are that placement's
        findings.add(0, new Block.Item("measured in placement " + Placements.sessionDefault(env)
            + (where == null || Environment.UNKNOWN.equals(where) ? "" : " (" + where + ")"), MachineSection.ID,
            Block.Tone.NORMAL));
        sections.add(FindingsSection.of(findings,
            "Nothing to conclude: the scale session has no comparisons (see its sections).", List.of()));
        sections.addAll(ScaleSections.of(scale, verdicts));
        sections.add(SkippedSection.of(analysis));
        sections.add(MachineSection.of(analysis));
        return document(analysis, sections);
    }

    /** The document of these sections, with the input warnings last when the folder had any. */
    private static Document document(Analysis analysis, List<Section> sections) {
        if (!analysis.folder().warnings().isEmpty()) {
            sections.add(Section.builder("input-warnings", "Input warnings").bullets(analysis.folder().warnings()).build());
        }
        return new Document(TITLE, generatedLine(analysis), TITLE + " — " + folderName(analysis), sections);
    }

    public static String generatedLine(Analysis analysis) {
        Environment env = analysis.folder().environment();
        return "Generated " + analysis.generated() + " from " + folderName(analysis) + "; session started "
                + env.text("date_utc") + " on " + env.text("hostname") + " (" + env.text("cpu_model") + " × "
                + env.text("cpu_count") + ", kernel " + env.text("kernel") + ").";
    }

    public static String folderName(Analysis analysis) {
        return String.valueOf(analysis.folder().dir().toAbsolutePath().normalize().getFileName());
    }
}
