package org.dbuslab.runner.options;

import java.util.List;

import org.dbuslab.format.Transport;
import org.dbuslab.runner.plan.Mode;

/**
 * The matrix: every transport x mode x payload size, Java client against Java server.
 *
 * @param window calls in flight in async mode
 */
public record Matrix(List<Integer> sizes, List<Transport> transports, List<Mode> modes, int window) {

    public Matrix {
        sizes = List.copyOf(sizes);
        transports = List.copyOf(transports);
        modes = List.copyOf(modes);
        SessionConfig.require(!sizes.isEmpty() && sizes.stream()
                .allMatch(s -> s >= SessionConfig.MIN_PAYLOAD && s <= SessionConfig.MAX_PAYLOAD), "sizes");
        SessionConfig.require(!transports.isEmpty() && Transport.SELECTABLE.containsAll(transports), "transports");
        SessionConfig.require(!modes.isEmpty(), "modes");
        SessionConfig.require(window >= 1, "window >= 1");
    }

    /** The window of a cell in this mode: 1 for sync. */
    public int windowFor(Mode mode) {
        return mode == Mode.SYNC ? 1 : window;
    }

    public boolean has(Transport transport) {
        return transports.contains(transport);
    }
}
