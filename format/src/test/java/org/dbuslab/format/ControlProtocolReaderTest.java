package org.dbuslab.format;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControlProtocolReaderTest {

    @Test
    void readsLinesThenNullAtTheEnd() throws IOException {
        ControlProtocolReader reader = reader("ready\n\nbyé\n");
        assertEquals("ready", reader.readLine());
        assertEquals("", reader.readLine());
        assertEquals("byé", reader.readLine());
        assertNull(reader.readLine());
    }

    @Test
    void aTooLongLineIsSkippedAndReportedThenReadingGoesOn() throws IOException {
        ControlProtocolReader reader = reader("x".repeat(ControlProtocol.MAX_LINE_BYTES + 1) + "\nquit\n");
        assertTrue(assertThrows(ControlProtocolException.class, reader::readLine).getMessage().contains("longer than"));
        assertEquals("quit", reader.readLine());
        assertEquals("y".repeat(ControlProtocol.MAX_LINE_BYTES),
            reader("y".repeat(ControlProtocol.MAX_LINE_BYTES) + "\n").readLine());
    }

    @Test
    void anEndlessLineCostsBoundedMemory() throws IOException {
        // 64 MiB without a line break, produced on the fly: the reader keeps only one line's worth.
        InputStream endless = new InputStream() {
            long left = 64L << 20;

            @Override
            public int read() {
                return left-- > 0 ? 'z' : -1;
            }
        };
        ControlProtocolReader reader = new ControlProtocolReader(endless);
        assertTrue(assertThrows(ControlProtocolException.class, reader::readLine).getMessage().contains("ended inside"));
        assertNull(reader.readLine());
    }

    @Test
    void badUtf8AndAnUnterminatedLineAreReported() throws IOException {
        ControlProtocolReader bad = new ControlProtocolReader(new ByteArrayInputStream(new byte[] {'a', (byte) 0xff, '\n'}));
        assertEquals("line is not UTF-8", assertThrows(ControlProtocolException.class, bad::readLine).getMessage());
        assertNull(bad.readLine());
        ControlProtocolReader cut = reader("quit");
        assertTrue(assertThrows(ControlProtocolException.class, cut::readLine).getMessage().contains("ended inside"));
        assertNull(cut.readLine());
    }

    private static ControlProtocolReader reader(String text) {
        return new ControlProtocolReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
