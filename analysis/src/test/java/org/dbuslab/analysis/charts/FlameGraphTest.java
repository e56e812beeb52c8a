package org.dbuslab.analysis.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.dbuslab.analysis.profile.FrameCategory;
import org.dbuslab.format.CollapsedStacks;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class FlameGraphTest {

    private static final CollapsedStacks STACKS = new CollapsedStacks.Builder()
        .add(List.of("main", "run", "g_variant_new"), 60)
        .add(List.of("main", "run", "write", "unix_stream_sendmsg_[k]"), 30)
        .add(List.of("main", "Foo<A&B>"), 10)
        .build();

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    /** The frame boxes: every g, its title first. */
    private static List<Element> boxes(Document d) {
        NodeList groups = d.getElementsByTagName("g");
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < groups.getLength(); i++) {
            out.add((Element) groups.item(i));
        }
        return out;
    }

    private static String title(Element box) {
        return box.getElementsByTagName("title").item(0).getTextContent();
    }

    private static Element box(Document d, String frame) {
        return boxes(d).stream().filter(g -> title(g).startsWith(frame + " (")).findFirst()
            .orElseThrow(() -> new AssertionError("no box " + frame));
    }

    private static Element rect(Document d, String frame) {
        return (Element) box(d, frame).getElementsByTagName("rect").item(0);
    }

    private static double attr(Element e, String name) {
        return Double.parseDouble(e.getAttribute(name));
    }

    @Test
    void boxesAreAsWideAsTheirSamplesAndSayTheirCountAndShare() throws Exception {
        Document d = parse(FlameGraph.svg(STACKS, "CPU of the client", "100 samples"));
        assertEquals(7, boxes(d).size(), "all, main, run, g_variant_new, write, unix_stream_sendmsg, Foo");
        double all = attr(rect(d, "all"), "width");
        assertEquals(FlameGraph.WIDTH - 2 * FlameGraph.MARGIN, all, 0.1);
        assertEquals(0.9 * all, attr(rect(d, "run"), "width"), 0.2);
        assertEquals(0.6 * all, attr(rect(d, "g_variant_new"), "width"), 0.2);
        assertEquals("g_variant_new (60 samples, 60.00%)", title(box(d, "g_variant_new")));
        assertEquals("Foo<A&B> (10 samples, 10.00%)", title(box(d, "Foo<A&B>")), "escaped in the file, the same text read");
    }

    @Test
    void callersAreAboveTheirCalleesAndChildrenSitSideBySideInNameOrder() throws Exception {
        Document d = parse(FlameGraph.svg(STACKS, "t", "s"));
        assertEquals(attr(rect(d, "run"), "y") + FlameGraph.ROW, attr(rect(d, "g_variant_new"), "y"));
        assertEquals(attr(rect(d, "run"), "x"), attr(rect(d, "g_variant_new"), "x"), 0.05);
        assertTrue(attr(rect(d, "write"), "x") > attr(rect(d, "g_variant_new"), "x"));
        assertTrue(attr(rect(d, "all"), "y") < attr(rect(d, "main"), "y"), "the root on top");
    }

    @Test
    void framesAreColouredByTheirCategoryAndTheLegendNamesEveryCategory() throws Exception {
        String svg = FlameGraph.svg(STACKS, "t", "s");
        Document d = parse(svg);
        assertEquals(FrameCategory.MARSHALLING.colour(), rect(d, "g_variant_new").getAttribute("fill"));
        assertEquals(FrameCategory.SOCKET_IO.colour(), rect(d, "unix_stream_sendmsg_[k]").getAttribute("fill"));
        String text = d.getDocumentElement().getTextContent();
        for (FrameCategory c : FrameCategory.values()) {
            assertTrue(text.contains(c.label()), c.label());
        }
    }

    @Test
    void inAWallClockGraphACallThatBlocksIsColouredAsWaiting() throws Exception {
        CollapsedStacks wall = new CollapsedStacks.Builder().add(List.of("main", "readReply", "__GI_read"), 9)
            .add(List.of("main", "appendOne"), 1).build();
        assertEquals(FrameCategory.WAITING.colour(), rect(parse(FlameGraph.svg(wall, "t", "s", true)), "__GI_read").getAttribute("fill"));
        assertEquals(FrameCategory.SOCKET_IO.colour(), rect(parse(FlameGraph.svg(wall, "t", "s")), "__GI_read").getAttribute("fill"),
            "a CPU graph: the frame's own category");
    }

    @Test
    void selfContainedNoScriptAndAccessible() throws Exception {
        String svg = FlameGraph.svg(STACKS, "A <title>", "s");
        assertFalse(svg.contains("<script"));
        assertFalse(svg.contains("href"), "no external file");
        Document d = parse(svg);
        assertEquals("img", d.getDocumentElement().getAttribute("role"));
        assertTrue(d.getDocumentElement().getAttribute("viewBox").startsWith("0 0 1200 "));
        assertEquals("A <title>", d.getElementsByTagName("title").item(0).getTextContent());
    }

    @Test
    void tinyFramesAreLeftOutButCountInTheirCallers() throws Exception {
        CollapsedStacks many = new CollapsedStacks.Builder().add(List.of("main", "big"), 100_000).add(List.of("main", "tiny"), 1)
            .build();
        Document d = parse(FlameGraph.svg(many, "t", "s"));
        assertTrue(boxes(d).stream().noneMatch(g -> title(g).startsWith("tiny")));
        assertEquals("main (100001 samples, 100.00%)", title(box(d, "main")));
    }

    @Test
    void aProfileWithoutSamplesSaysSo() throws Exception {
        String svg = FlameGraph.svg(new CollapsedStacks.Builder().build(), "t", "s");
        assertTrue(svg.contains("no samples"));
        parse(svg);
    }
}
