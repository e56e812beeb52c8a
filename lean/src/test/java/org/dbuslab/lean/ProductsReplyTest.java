package org.dbuslab.lean;

import org.dbuslab.server.installer.Product;
import org.dbuslab.server.installer.ProductCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The Get reply's a(ss) turned into the seed's output line, from replies other implementations marshalled. */
class ProductsReplyTest {

    /** The line for the mock's catalog, built here from the catalog itself. */
    static String expectedLine(List<Product> products) {
        return products.stream().map(p -> "(\"" + p.getId() + "\", \"" + p.getName() + "\")")
            .collect(Collectors.joining(", ", "output: [", "]"));
    }

    @Test
    void theMocksReplyRelayedByDbusDaemonAndByDbusBroker() throws Failure {
        String expected = expectedLine(ProductCatalog.of(10));
        for (String capture : List.of("busctl-dbus-daemon.in.hex", "busctl-dbus-broker.in.hex")) {
            MessageReader reader = Captures.readerAfterSasl(Captures.bytes(capture));
            Message reply = null;
            for (Message m = reader.next(); m != null; m = reader.next()) {
                reply = m;
            }
            assertEquals(expected, ProductsReply.outputLine(reply), capture);
        }
    }

    @Test
    void bigEndianWithUtf8AndEmpty() throws Failure {
        assertEquals("output: [(\"Tumbleweed\", \"openSUSE Tumbleweed\"), (\"Leap\", \"openSUSE Leap 15.5\"), "
                + "(\"Ünïcode\", \"grüße, 日本\")]",
            ProductsReply.outputLine(Captures.single("glib-big-endian-get-reply.hex")));
        assertEquals("output: []", ProductsReply.outputLine(Captures.single("glib-big-endian-empty-reply.hex")));
    }

    @Test
    void anythingButAVariantOfASsIsRefused() throws Failure {
        MessageReader reader = Captures.readerAfterSasl(Captures.bytes("busctl-dbus-daemon.in.hex"));
        Message helloReply = reader.next();
        Failure notVariant = assertThrows(Failure.class, () -> ProductsReply.outputLine(helloReply));
        assertEquals("the Get reply's signature is 's', not 'v'", notVariant.getMessage());

        byte[] reply = Captures.bytes("glib-big-endian-get-reply.hex");
        int at = indexOf(reply, "a(ss)");
        reply[at + 2] = 'i';
        reply[at + 3] = 'i';
        MessageReader other = new MessageReader(16);
        other.feed(reply, 0, reply.length);
        Message ii = other.next();
        Failure wrongType = assertThrows(Failure.class, () -> ProductsReply.outputLine(ii));
        assertEquals("AvailableBaseProducts is of type 'a(ii)', not 'a(ss)'", wrongType.getMessage());
    }

    private static int indexOf(byte[] data, String ascii) {
        outer:
        for (int i = 0; i + ascii.length() <= data.length; i++) {
            for (int j = 0; j < ascii.length(); j++) {
                if (data[i + j] != ascii.charAt(j)) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalArgumentException(ascii);
    }
}
