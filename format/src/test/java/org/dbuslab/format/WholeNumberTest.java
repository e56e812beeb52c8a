package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WholeNumberTest {

    @Test
    void takesDigitsWithAnOptionalMinus() {
        assertEquals(1234567890123L, WholeNumber.parse("elapsed_ns", "1234567890123", 0));
        assertEquals(-7, WholeNumber.parse("t", "-7", Long.MIN_VALUE));
        assertEquals(128, WholeNumber.parseInt("window", "128", 1));
    }

    @Test
    void refusesEverythingElseNamingTheColumn() {
        assertRefused("lost is not a whole number: '+5'", () -> WholeNumber.parse("lost", "+5", 0));
        assertRefused("lost is not a whole number: '5e8'", () -> WholeNumber.parse("lost", "5e8", 0));
        assertRefused("lost is not a whole number: '1.5'", () -> WholeNumber.parse("lost", "1.5", 0));
        assertRefused("calls must be at least 1, got 0", () -> WholeNumber.parse("calls", "0", 1));
        assertRefused("window is too large: 99999999999", () -> WholeNumber.parseInt("window", "99999999999", 1));
    }

    private static void assertRefused(String message, Runnable parse) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, parse::run).getMessage());
    }
}
