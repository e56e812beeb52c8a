package org.dbuslab.scale;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KeyValueLineTest {

    @Test
    void valuesStayOneFieldEach() {
        String line = new KeyValueLine().put("series", "clients").put("rate", 1234.56789, 1)
            .put("problem", "call 3: lost (no reply = 100% gone)\nnext").put("none", null).toString();
        assertEquals("series=clients rate=1234.6 problem=call%203:%20lost%20(no%20reply%20%3D%20100%25%20gone)%0Anext "
            + "none=-", line);
        Map<String, String> fields = ResultLines.parse(line).get(0);
        assertEquals(4, fields.size());
        assertEquals("-", fields.get("none"));
    }
}
