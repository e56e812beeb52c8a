package org.dbuslab.runner.exec;

import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PolicyRulesTest {

    private static org.w3c.dom.Document parse(int rules) throws Exception {
        String xml = "<busconfig>\n" + PolicyRules.xml(rules) + "</busconfig>";
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void nRulesAreExactlyNAllowAndDenyElementsNoneAboutTheEchoService() throws Exception {
        for (int n : new int[] {0, 100, 10000}) {
            var doc = parse(n);
            int rules = doc.getElementsByTagName("allow").getLength() + doc.getElementsByTagName("deny").getLength();
            assertEquals(n, rules, n + " rules");
        }
        assertFalse(PolicyRules.xml(1000).contains("org.dbuslab.Echo"), "the echo service is not concerned");
    }

    @Test
    void theRulesHaveTheShapesOfSystemDFiles() throws Exception {
        var doc = parse(8);
        assertEquals(2, doc.getElementsByTagName("policy").getLength(), "a root policy and the default one");
        assertEquals(2, doc.getElementsByTagName("deny").getLength(), "no sending to a service but on its API");
        String xml = PolicyRules.xml(4);
        for (String attribute : new String[] {"own=", "send_destination=", "send_interface=", "receive_sender="}) {
            assertEquals(true, xml.contains(attribute), attribute);
        }
    }

    @Test
    void rulesComeInFours() {
        assertThrows(IllegalArgumentException.class, () -> PolicyRules.xml(10));
        assertThrows(IllegalArgumentException.class, () -> PolicyRules.xml(-4));
    }
}
