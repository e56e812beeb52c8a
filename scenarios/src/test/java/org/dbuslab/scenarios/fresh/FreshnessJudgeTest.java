package org.dbuslab.scenarios.fresh;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FreshnessJudgeTest {

    private final List<String> values = List.of("A", "B", "C", "B");

    @Test
    void valuesInsideTheWitnessWindowAreFreshAndAttributed() {
        FreshnessJudge judge = new FreshnessJudge(3, values::get);
        judge.observe(0, 0, "A", 10);   // before any change
        judge.observe(0, 0, "B", 20);   // change 1 applied by the cache, not yet witnessed
        judge.observe(1, 1, "B", 30);
        judge.observe(1, 2, "C", 40);   // witness moved during the read
        judge.observe(3, 3, "B", 50);   // change 3 sets B again: attributed to 3, not 1
        assertEquals(0, judge.staleReads());
        assertEquals(20, judge.firstSeenNs(1));
        assertEquals(40, judge.firstSeenNs(2));
        assertEquals(50, judge.firstSeenNs(3));
        assertEquals(3, judge.changesSeen());
    }

    @Test
    void anOlderValueAfterTheSignalIsStale() {
        FreshnessJudge judge = new FreshnessJudge(3, values::get);
        judge.observe(2, 2, "A", 10);
        judge.observe(2, 2, "B", 11);   // B is change 1 and 3; 3 not applied (window 2..3 allows it: attributed to 3)
        judge.observe(3, 3, "C", 12);
        assertEquals(2, judge.staleReads());
        assertEquals(1, judge.changesSeen());
    }
}
