package org.dbuslab.runner.session;

import org.dbuslab.format.Phase;
import org.dbuslab.runner.plan.Cell;
import org.dbuslab.runner.plan.CellKind;
import org.dbuslab.runner.plan.PlanFixtures;
import org.dbuslab.runner.plan.SessionPlan;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RunNumbersTest {

    private final SessionPlan plan = PlanFixtures.plan();

    /** runs.csv's run counts 1.. per cell and phase: a warm-up run does not move the measured count, nor another cell's. */
    @Test
    void numbersRunsPerCellAndPhase() {
        Cell matrix = plan.cells().get(0);
        Cell over = plan.cells().stream().filter(c -> c.kind() == CellKind.OVERLIMIT).findFirst().orElseThrow();
        RunNumbers numbers = new RunNumbers();
        assertEquals(1, numbers.next(matrix, Phase.WARMUP));
        assertEquals(1, numbers.next(matrix, Phase.MEASURE));
        assertEquals(2, numbers.next(matrix, Phase.MEASURE));
        assertEquals(1, numbers.next(over, Phase.MEASURE));
        assertEquals(1, numbers.next(matrix, Phase.REDONE));
        assertEquals(3, numbers.next(matrix, Phase.MEASURE));
    }
}
