package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AffinityTest {

    @Test
    void cpuListsParseAndFormatAsTheKernelWritesThem() {
        assertEquals(List.of(0, 1, 2, 3), AllowedCpus.parse("0-3"));
        assertEquals(List.of(2, 5), AllowedCpus.parse("2,5"));
        assertEquals(List.of(0, 1, 8), AllowedCpus.parse("0-1,8\n"));
        assertEquals("0-2,5", AllowedCpus.format(List.of(5, 0, 1, 2)));
        assertEquals("2,5", AllowedCpus.format(List.of(2, 5)));
        assertThrows(IllegalArgumentException.class, () -> AllowedCpus.parse("3-1"));
        assertThrows(IllegalArgumentException.class, () -> AllowedCpus.parse("ff"));
    }

    @Test
    void theStatusLineGivesTheList() {
        assertEquals("0-1", AllowedCpus.allowedListOf("Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n"));
        assertEquals(null, AllowedCpus.allowedListOf("Name:\tx\n"));
    }

    @Test
    void everyThreadOffItsCpusIsNamed() {
        Map<Long, String> threads = new LinkedHashMap<>();
        threads.put(100L, "1");
        threads.put(101L, "0-1");
        threads.put(102L, "1");
        assertEquals(List.of("tid 101 on 0-1"), Affinity.offCpu(threads, "1"));
        assertEquals(List.of("tid 100 on 1", "tid 102 on 1"), Affinity.offCpu(threads, "0,1"), "sets, not strings");
    }

    @Test
    void theMaskHoldsGlibcsCpuSetAndMoreWhereTheCpusGoBeyond() {
        long[] low = NativeAffinity.mask(List.of(0, 2, 65));
        assertEquals(16, low.length, "cpu_set_t: 1024 bits");
        assertEquals(0b101L, low[0]);
        assertEquals(0b10L, low[1]);
        long[] high = NativeAffinity.mask(List.of(1024));
        assertEquals(17, high.length);
        assertEquals(1L, high[16]);
        assertThrows(IllegalArgumentException.class, () -> NativeAffinity.mask(List.of(-1)));
    }

    @Test
    void noAffinityOfOurOwnMeansEveryAllowedCpu() {
        assertEquals("2,5", Affinity.expectedList(CpuPlacement.Cpus.ANY, List.of(2, 5)));
        assertEquals("5", Affinity.expectedList(new CpuPlacement.Cpus("5"), List.of(2, 5)));
    }
}
