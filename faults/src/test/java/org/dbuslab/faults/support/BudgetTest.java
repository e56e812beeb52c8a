package org.dbuslab.faults.support;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The budget follows the time scale as it is before each case, not as it was when the fork started. */
class BudgetTest {

    /** What this class sets -Dlab.test.timeScale to after the class-level rescale, before its first case. */
    private static final String SET_FOR_THE_CASES = "3";

    private static String given;

    @BeforeAll
    static void setTheScaleAfterTheClassStarted() {
        given = System.getProperty(TimeScale.PROPERTY);
        System.setProperty(TimeScale.PROPERTY, SET_FOR_THE_CASES);
    }

    @AfterEach
    void backToTheClassScale() {
        System.setProperty(TimeScale.PROPERTY, SET_FOR_THE_CASES);
    }

    @AfterAll
    static void restore() {
        if (given == null) {
            System.clearProperty(TimeScale.PROPERTY);
        } else {
            System.setProperty(TimeScale.PROPERTY, given);
        }
        Budget.rescale();
    }

    @Test
    void everyCaseIsRescaledBeforeItStarts() {
        assertEquals(3, Budget.scale(), "RescaleBeforeEachCase is registered for the module's classes and ran");
        assertEquals(3000, Budget.replyTimeoutMs());
    }

    @Test
    void theValuesFollowAChangedTimeScaleAfterRescale() {
        System.setProperty(TimeScale.PROPERTY, "2");
        Budget.rescale();
        assertEquals(2, Budget.scale());
        assertEquals(2000, Budget.replyTimeoutMs());
        assertEquals(Duration.ofMillis(4000), Budget.connectTimeout());
        assertEquals(60_000, Budget.defaultConnectTimeoutMs());
        assertEquals(Duration.ofMillis(2000 + 1400), Budget.stall());
        assertEquals(Duration.ofSeconds(40), Budget.slack());
        assertEquals(Duration.ofSeconds(10), Budget.serverGivesUp());
        assertEquals(Duration.ofSeconds(90), Budget.hang());

        System.setProperty(TimeScale.PROPERTY, "1.5");
        assertEquals(2000, Budget.replyTimeoutMs(), "a case's values hold still until the next rescale");
        Budget.rescale();
        assertEquals(1500, Budget.replyTimeoutMs());
        assertEquals(Duration.ofSeconds(30), Budget.slack());
        assertEquals(Duration.ofMillis(1500 + 1050), Budget.stall());
    }
}
