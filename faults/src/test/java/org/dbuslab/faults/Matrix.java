package org.dbuslab.faults;

import org.dbuslab.faults.support.Transport;
import org.junit.jupiter.params.provider.Arguments;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** The parameter sets of the fault cases: transports x modes. */
final class Matrix {

    static final List<String> MODES = List.of("sync", "async");

    private Matrix() {
    }

    static Stream<Arguments> everyTransportAndMode() {
        return Arrays.stream(Transport.values()).flatMap(t -> MODES.stream().map(m -> Arguments.of(t, m)));
    }

    static Stream<Arguments> busesAndModes() {
        return Arrays.stream(Transport.values()).filter(Transport::onBus)
            .flatMap(t -> MODES.stream().map(m -> Arguments.of(t, m)));
    }

    static Stream<Transport> everyTransport() {
        return Arrays.stream(Transport.values());
    }
}
