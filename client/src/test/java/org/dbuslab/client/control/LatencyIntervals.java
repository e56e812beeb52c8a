package org.dbuslab.client.control;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.dbuslab.format.ControlProtocol.Run;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reads back the intervals of a latency log, for tests that check what a run recorded there. */
public final class LatencyIntervals {

    private LatencyIntervals() {
    }

    public static List<Histogram> read(Path file) throws FileNotFoundException {
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        while (reader.hasNext()) {
            intervals.add((Histogram) reader.nextIntervalHistogram());
        }
        reader.close();
        return intervals;
    }

    /** The log holds one interval per run, in order, tagged with the run's TAG and holding one value per call. */
    public static void assertOneIntervalPerRun(Path file, List<Run> runs) throws FileNotFoundException {
        List<Histogram> intervals = read(file);
        assertEquals(runs.size(), intervals.size());
        for (int i = 0; i < runs.size(); i++) {
            assertEquals(runs.get(i).tag(), intervals.get(i).getTag());
            assertEquals(runs.get(i).calls(), intervals.get(i).getTotalCount());
        }
    }
}
