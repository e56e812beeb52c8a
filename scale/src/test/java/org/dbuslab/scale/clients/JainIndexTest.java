package org.dbuslab.scale.clients;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JainIndexTest {

    @Test
    void equalSharesAreFairAndOneTakerIsOneInN() {
        assertEquals(1.0, JainIndex.of(new double[] {5, 5, 5, 5}), 1e-12);
        assertEquals(0.25, JainIndex.of(new double[] {9, 0, 0, 0}), 1e-12);
        assertEquals(0.9, JainIndex.of(new double[] {1, 2}), 1e-12); // 9 / (2 * 5)
    }

    @Test
    void nothingToShareIsUndefined() {
        assertTrue(Double.isNaN(JainIndex.of(new double[0])));
        assertTrue(Double.isNaN(JainIndex.of(new double[] {0, 0})));
        assertThrows(IllegalArgumentException.class, () -> JainIndex.of(new double[] {-1}));
    }
}
