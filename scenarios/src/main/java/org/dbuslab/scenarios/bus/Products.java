package org.dbuslab.scenarios.bus;

import org.freedesktop.dbus.types.Variant;

import java.util.ArrayList;
import java.util.List;

/** AvailableBaseProducts (a(ss)) as dbus-java hands it over, turned into (id, name) pairs and printed. */
public final class Products {

    /** One (id, display name) element. */
    public record Product(String id, String name) {
    }

    private Products() {
    }

    /**
     * Decodes the value of a Get reply or GetAll entry. dbus-java gives a(ss) inside a variant as a list of
     * structs, each a list or array of its two fields, depending on the path it took; both are accepted.
     */
    public static List<Product> decode(Object value) {
        Object plain = value instanceof Variant<?> v ? v.getValue() : value;
        if (!(plain instanceof List<?> list)) {
            throw new IllegalArgumentException("AvailableBaseProducts is not an array: " + describe(plain));
        }
        List<Product> products = new ArrayList<>(list.size());
        for (Object element : list) {
            Object[] fields = element instanceof Object[] array ? array
                : element instanceof List<?> l ? l.toArray()
                : element instanceof org.freedesktop.dbus.Struct s ? s.getParameters()
                : null;
            if (fields == null || fields.length != 2) {
                throw new IllegalArgumentException("AvailableBaseProducts element is not (ss): " + describe(element));
            }
            products.add(new Product(String.valueOf(fields[0]), String.valueOf(fields[1])));
        }
        return products;
    }

    /** The seed programs' output line: {@code output: [(id, name), ...]}. */
    public static String outputLine(List<Product> products) {
        StringBuilder line = new StringBuilder("output: [");
        for (int i = 0; i < products.size(); i++) {
            Product p = products.get(i);
            line.append(i == 0 ? "" : ", ").append("(\"").append(p.id()).append("\", \"").append(p.name()).append("\")");
        }
        return line.append(']').toString();
    }

    private static String describe(Object value) {
        return value == null ? "null" : value.getClass().getName() + " " + value;
    }
}
