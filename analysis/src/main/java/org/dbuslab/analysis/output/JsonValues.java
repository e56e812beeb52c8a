package org.dbuslab.analysis.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dbuslab.stats.Interval;
import org.dbuslab.stats.SampleComparison;

/** How summary.json writes a number, an interval and a comparison's test: NaN becomes null, never Jackson's NaN. */
public final class JsonValues {

    public static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonValues() {
    }

    /**
     * The comparison's test: mann_whitney_p as before for unpaired comparisons (null when paired), then which test
     * decided (test, p_value, test_method) and whether the runs were paired by block (paired, paired_blocks).
     */
    public static void test(ObjectNode node, SampleComparison r) {
        number(node, "mann_whitney_p", r.paired() ? Double.NaN : r.test().pValue());
        node.put("test", r.test().kind().label());
        number(node, "p_value", r.test().pValue());
        node.put("test_method", r.test().method());
        node.put("paired", r.paired()).put("paired_blocks", r.pairedBlocks());
    }

    public static void interval(ObjectNode node, String prefix, Interval interval) {
        number(node, prefix + "_low", interval.low());
        number(node, prefix + "_high", interval.high());
    }

    public static void number(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }
}
