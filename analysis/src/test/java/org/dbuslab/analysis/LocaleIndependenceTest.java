package org.dbuslab.analysis;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.ReportMarkdownTest;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A German default locale writes 1,25 for 1.25; none of that may reach the outputs. */
public class LocaleIndependenceTest {

    /** A digit, a comma, a digit: a decimal comma (the outputs have no other reason to write that). */
    private static final Pattern DECIMAL_COMMA = Pattern.compile("\\d,\\d");
    private Locale saved;

    @BeforeEach
    public void useGermanLocale() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    public void restoreLocale() {
        Locale.setDefault(saved);
    }

    @Test
    public void summaryJsonKeepsDecimalPoints() throws Exception {
        assertEquals(Locale.GERMANY, Locale.getDefault());
        String json = new SummaryJson().render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED));
        assertFalse(DECIMAL_COMMA.matcher(json).find(), json);
        assertTrue(json.contains("\"mean\" : 1.2543405158"), json);
    }

    @Test
    public void reportKeepsDecimalPoints() {
        String report = ReportMarkdownTest.reportOfFixture();
        assertFalse(DECIMAL_COMMA.matcher(report).find(), report);
        assertTrue(report.contains("| 1.2568 | 1.1988 – 1.3012 | 1.2543 |"), report);
    }
}
