package org.dbuslab.faults;

import org.dbuslab.format.Transport;
import org.junit.jupiter.params.provider.Arguments;

import java.util.List;
import java.util.stream.Stream;

/** The parameter sets of the fault cases: the five selectable transports x modes. */
final class Matrix {

    static final List<String> MODES = List.of("sync", "async");

    private Matrix() {
    }

    static Stream<Arguments> everyTransportAndMode() {
        return Transport.SELECTABLE.stream().flatMap(t -> MODES.stream().map(m -> Arguments.of(t, m)));
    }

    static Stream<Arguments> busesAndModes() {
        return Transport.SELECTABLE.stream().filter(Transport::isBus)
            .flatMap(t -> MODES.stream().map(m -> Arguments.of(t, m)));
    }

    static Stream<Transport> everyTransport() {
        return Transport.SELECTABLE.stream();
    }
}
