package org.dbuslab.analysis;

import org.dbuslab.analysis.model.Analysis;
import org.dbuslab.analysis.output.ReportHtml;
import org.dbuslab.analysis.output.ReportWriter;
import org.dbuslab.analysis.output.SummaryCsv;
import org.dbuslab.analysis.output.SummaryJson;
import org.dbuslab.analysis.output.SummaryJsonTest;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Every report of the fixture session against a golden file, rendered under the ROOT and the German
 * default locale: the output must be the same byte for byte (no decimal comma, no locale-dependent date).
 * After an intended change, regenerate with {@code mvn -pl analysis test -Dtest=GoldenFilesTest -Dgolden.update=true}
 * and review the diff of src/test/resources/golden/.
 */
public class GoldenFilesTest {

    private static final Path SOURCE = Path.of("src/test/resources/golden");
    /** Chart bodies depend on the machine's fonts; their presence and titles are checked in ReportHtmlTest. */
    private static final Pattern SVG_BODY = Pattern.compile("(?s)(<svg\\b[^>]*>)(<title[^>]*>.*?</title><desc[^>]*>.*?</desc>).*?</svg>");
    private static final Pattern DECIMAL_COMMA = Pattern.compile("\\d,\\d");
    private final Locale saved = Locale.getDefault();

    @AfterEach
    public void restoreLocale() {
        Locale.setDefault(saved);
    }

    public static Stream<Arguments> writersAndLocales() {
        return ReportWriter.all().stream().flatMap(w -> Stream.of(Arguments.of(w, Locale.ROOT), Arguments.of(w, Locale.GERMANY)));
    }

    public static String renderFixture(ReportWriter writer) {
        String text = writer.render(Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED));
        return writer instanceof ReportHtml ? SVG_BODY.matcher(text).replaceAll("$1$2…</svg>") : text;
    }

    @ParameterizedTest(name = "{0} in locale ''{1}''")
    @MethodSource("writersAndLocales")
    public void matchesGoldenFile(ReportWriter writer, Locale locale) throws IOException {
        Locale.setDefault(locale);
        String actual = renderFixture(writer);
        String name = writer.fileName() + ".golden";
        if (Boolean.getBoolean("golden.update") && locale.equals(Locale.ROOT)) {
            Files.createDirectories(SOURCE);
            Files.writeString(SOURCE.resolve(name), actual, StandardCharsets.UTF_8);
            return;
        }
        try (InputStream golden = GoldenFilesTest.class.getResourceAsStream("/golden/" + name)) {
            assertNotNull(golden, "no golden file " + name + "; create it with -Dgolden.update=true");
            assertEquals(new String(golden.readAllBytes(), StandardCharsets.UTF_8), actual, name + " differs in locale " + locale);
        }
    }

    /** Machine-read formats must never carry a decimal comma, whatever the locale. */
    @Test
    public void machineReadFormatsHaveNoDecimalCommaInGermany() {
        Locale.setDefault(Locale.GERMANY);
        Analysis analysis = Analysis.of(ResultsFolderReader.read(Fixtures.session()), SummaryJsonTest.GENERATED);
        String json = new SummaryJson().render(analysis);
        assertFalse(DECIMAL_COMMA.matcher(json).find(), json);
        // In CSV a decimal comma would split a number into two fields: every row must be as wide as the header.
        String[] lines = new SummaryCsv().render(analysis).split("\n");
        int width = lines[0].split(",", -1).length;
        for (String line : lines) {
            assertEquals(width, line.split(",", -1).length, line);
            assertFalse(line.matches(".*\\d\\.\\d{3}\\.\\d.*"), "grouping separator in " + line);
        }
    }
}
