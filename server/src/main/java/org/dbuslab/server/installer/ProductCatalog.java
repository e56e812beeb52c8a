package org.dbuslab.server.installer;

import java.util.ArrayList;
import java.util.List;

/**
 * A realistic AvailableBaseProducts list of any length: openSUSE/SUSE products first (the kind of names the
 * real installer offers), then numbered variants, so the marshalled size grows with the count like a real list.
 */
public final class ProductCatalog {

    public static final int DEFAULT_COUNT = 10;
    public static final int MAX_COUNT = 10_000;

    private static final String[][] KNOWN = {
        {"Tumbleweed", "openSUSE Tumbleweed"},
        {"Leap", "openSUSE Leap 15.5"},
        {"MicroOS", "openSUSE MicroOS"},
        {"ALP-Dolomite", "SUSE ALP Dolomite"},
        {"ALP-Micro", "SUSE ALP Micro"},
        {"SLES", "SUSE Linux Enterprise Server 15 SP5"},
        {"SLED", "SUSE Linux Enterprise Desktop 15 SP5"},
        {"SLE-Micro", "SUSE Linux Enterprise Micro 5.4"},
        {"SLES-SAP", "SUSE Linux Enterprise Server for SAP Applications 15 SP5"},
        {"SLE-HPC", "SUSE Linux Enterprise High Performance Computing 15 SP5"},
        {"Leap-Micro", "openSUSE Leap Micro 5.4"},
        {"SLE-RT", "SUSE Linux Enterprise Real Time 15 SP5"},
    };

    private ProductCatalog() {
    }

    /** {@code count} products (1..MAX_COUNT) with distinct ids. */
    public static List<Product> of(int count) {
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("product count must be 1.." + MAX_COUNT + ", got " + count);
        }
        List<Product> products = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String[] base = KNOWN[i % KNOWN.length];
            int round = i / KNOWN.length;
            products.add(round == 0
                ? new Product(base[0], base[1])
                : new Product(base[0] + "-" + (round + 1), base[1] + " (variant " + (round + 1) + ")"));
        }
        return List.copyOf(products);
    }
}
