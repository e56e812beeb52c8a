package org.dbuslab.analysis.report;

import java.util.ArrayList;
import java.util.List;
import org.dbuslab.analysis.doc.Block;
import org.dbuslab.analysis.doc.Section;
import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.read.Note;

/** "Over-limit check": the bus's reply limit check and the lab's notes. */
public final class OverLimitSection {

    private OverLimitSection() {
    }

    public static final String ID = "over-limit";

    public static Section of(Analysis analysis) {
        Section.Builder section = Section.builder(ID, "Over-limit check");
        List<String> notes = labNotes(analysis);
        if (analysis.checks().isEmpty() && notes.isEmpty()) {
            return section.text(noChecks()).build();
        }
        List<Block.Item> items = new ArrayList<>();
        analysis.checks().forEach(check -> items.add(new Block.Item(check.text(), null,
                check.asExpected() ? Block.Tone.NORMAL : Block.Tone.WARNING)));
        notes.forEach(n -> items.add(Block.Item.of(n)));
        return section.add(new Block.Bullets(items, "")).build();
    }

    public static String noChecks() {
        return "No over-limit check in this session.";
    }

    /** The lab's informational notes, and notes of topics this version does not judge. */
    public static List<String> labNotes(Analysis analysis) {
        return analysis.folder().notes().stream()
                .filter(n -> !(n.topic().equals(Note.OVER_LIMIT) && n.verdict()))
                .map(n -> "Lab note (" + n.topic() + ", " + n.outcome() + "): " + n.text()).toList();
    }
}
