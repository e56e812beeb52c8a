package org.dbuslab.client.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PayloadGeneratorTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 8, 15, 16, 1000, 10_000})
    void neighboursDifferAndPayloadsAreReproducible(int size) {
        PayloadGenerator generator = new PayloadGenerator(size, 42);
        for (long i = 0; i < 300; i++) {
            byte[] payload = generator.payload(i);
            assertEquals(size, payload.length);
            assertFalse(java.util.Arrays.equals(payload, generator.payload(i + 1)), "call " + i + " vs next");
            assertArrayEquals(payload, new PayloadGenerator(size, 42).payload(i));
        }
    }

    @Test
    void eachPayloadIsAFreshArray() {
        PayloadGenerator generator = new PayloadGenerator(100, 1);
        assertNotSame(generator.payload(5), generator.payload(5));
    }

    @Test
    void differentRunsGetDifferentBytes() {
        assertFalse(java.util.Arrays.equals(new PayloadGenerator(1000, 1).payload(0),
            new PayloadGenerator(1000, 2).payload(0)));
    }

    @Test
    void emptyPayloadIsAllowedAndNegativeIsNot() {
        assertEquals(0, new PayloadGenerator(0, 1).payload(7).length);
        assertThrows(IllegalArgumentException.class, () -> new PayloadGenerator(-1, 1));
    }

    @Test
    void payloadIntoWritesTheSameBytesOverTheTarget() {
        PayloadGenerator generator = new PayloadGenerator(1000, 9);
        byte[] target = new byte[1000];
        for (long i = 0; i < 50; i++) {
            assertSame(target, generator.payloadInto(target, i));
            assertArrayEquals(generator.payload(i), target);
        }
        assertThrows(IllegalArgumentException.class, () -> generator.payloadInto(new byte[999], 0));
    }
}
