package org.dbuslab.analysis.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.dbuslab.analysis.profile.Categories;
import org.dbuslab.analysis.profile.FrameCategory;
import org.dbuslab.format.CollapsedStacks;

/**
 * A flame graph of collapsed stacks as one self-contained SVG (no script, no external file), drawn as an icicle: the
 * root on top, each frame a rectangle as wide as its samples (children in name order under their caller), so the
 * first screen shows the widest frames, where a Java stack 100 frames deep put only its tips there; coloured by the
 * {@link FrameCategory} a rule gives the frame itself (frames no rule names are beige, kernel frames paler), with a
 * tooltip ({@code <title>}) giving the frame, its samples and its share, and a legend. Frames narrower than
 * {@link #MIN_WIDTH_PX} are left out (their samples still count in their callers' widths).
 */
public final class FlameGraph {

    static final int WIDTH = 1200;
    static final int ROW = 16;
    static final int MARGIN = 10;
    static final double MIN_WIDTH_PX = 0.3;
    static final double CHAR_PX = 6.6;
    private static final String UNNAMED = "#e6d2a8";
    private static final String UNNAMED_KERNEL = "#f2e6cc";

    private FlameGraph() {
    }

    /** One node of the merged stacks: a frame under its caller, its samples including its callees'. */
    static final class Node {
        final String name;
        long total;
        final Map<String, Node> children = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }

        int depth() {
            int d = 0;
            for (Node c : children.values()) {
                d = Math.max(d, c.depth());
            }
            return d + 1;
        }
    }

    static Node tree(CollapsedStacks stacks) {
        Node root = new Node("all");
        stacks.stacks().forEach((frames, count) -> {
            root.total += count;
            Node n = root;
            for (String f : frames) {
                n = n.children.computeIfAbsent(f, Node::new);
                n.total += count;
            }
        });
        return root;
    }

    /** The SVG: TITLE and SUBTITLE on top, then the graph and the legend. */
    public static String svg(CollapsedStacks stacks, String title, String subtitle) {
        return svg(stacks, title, subtitle, false);
    }

    /** As {@link #svg(CollapsedStacks, String, String)}; WALL: a call that blocks is coloured as waiting. */
    public static String svg(CollapsedStacks stacks, String title, String subtitle, boolean wall) {
        Node root = tree(stacks);
        int depth = root.depth();
        int top = 50;
        int graphHeight = depth * ROW;
        int legendTop = top + graphHeight + 14;
        List<FrameCategory> legend = List.of(FrameCategory.values());
        int height = legendTop + ((legend.size() + 3) / 4) * 18 + 24;
        StringBuilder svg = new StringBuilder(64 * 1024);
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(height)
            .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
            .append("\" role=\"img\" aria-labelledby=\"t d\" font-family=\"Verdana, sans-serif\" font-size=\"12\">\n")
            .append("<title id=\"t\">").append(esc(title)).append("</title>\n")
            .append("<desc id=\"d\">Flame graph: ").append(esc(subtitle)).append(". Each box is a function; its width is the"
                + " share of samples in which it was on the stack, callers above callees. Hover a box for its figures."
                + "</desc>\n")
            .append("<style>text{fill:#000} .f:hover rect{stroke:#000;stroke-width:0.7} .l{pointer-events:none}</style>\n")
            .append("<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
            .append("<text x=\"").append(WIDTH / 2).append("\" y=\"20\" text-anchor=\"middle\" font-size=\"16\">")
            .append(esc(title)).append("</text>\n")
            .append("<text x=\"").append(WIDTH / 2).append("\" y=\"38\" text-anchor=\"middle\" fill=\"#555\">")
            .append(esc(subtitle)).append("</text>\n");
        if (root.total == 0) {
            svg.append("<text x=\"").append(WIDTH / 2).append("\" y=\"").append(top + 12)
                .append("\" text-anchor=\"middle\">no samples</text>\n");
        } else {
            double scale = (WIDTH - 2.0 * MARGIN) / root.total;
            draw(svg, root, MARGIN, top, scale, root.total, wall);
        }
        int i = 0;
        for (FrameCategory c : legend) {
            int x = MARGIN + (i % 4) * 295;
            int y = legendTop + (i / 4) * 18;
            svg.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"12\" height=\"12\" fill=\"")
                .append(c.colour()).append("\"/><text x=\"").append(x + 16).append("\" y=\"").append(y + 10)
                .append("\"><title>").append(esc(c.meaning())).append("</title>").append(esc(c.label())).append("</text>\n");
            i++;
        }
        int x = MARGIN + (i % 4) * 295;
        int y = legendTop + (i / 4) * 18;
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"12\" height=\"12\" fill=\"")
            .append(UNNAMED).append("\"/><text x=\"").append(x + 16).append("\" y=\"").append(y + 10)
            .append("\">frame no rule names (its samples go to a caller's category)</text>\n");
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void draw(StringBuilder svg, Node node, double x, int y, double scale, long all, boolean wall) {
        double w = node.total * scale;
        if (w < MIN_WIDTH_PX) {
            return;
        }
        String pct = String.format(Locale.ROOT, "%.2f", 100.0 * node.total / all);
        svg.append("<g class=\"f\"><title>").append(esc(node.name)).append(" (").append(node.total)
            .append(node.total == 1 ? " sample, " : " samples, ").append(pct).append("%)</title><rect x=\"")
            .append(num(x)).append("\" y=\"").append(y).append("\" width=\"").append(num(w)).append("\" height=\"")
            .append(ROW - 1).append("\" rx=\"2\" fill=\"")
            .append(wall && Categories.blocking(node.name) ? FrameCategory.WAITING.colour() : colour(node.name)).append("\"/>");
        int chars = (int) ((w - 6) / CHAR_PX);
        if (chars >= 3) {
            String label = node.name.length() <= chars ? node.name : node.name.substring(0, chars - 2) + "..";
            svg.append("<text class=\"l\" x=\"").append(num(x + 3)).append("\" y=\"").append(y + ROW - 4)
                .append("\" font-size=\"11\">").append(esc(label)).append("</text>");
        }
        svg.append("</g>\n");
        double cx = x;
        List<Node> children = new ArrayList<>(node.children.values());
        for (Node c : children) {
            draw(svg, c, cx, y + ROW, scale, all, wall);
            cx += c.total * scale;
        }
    }

    /** A frame's colour: its own category's, or beige (paler for the kernel) when no rule names it. */
    static String colour(String frame) {
        if (frame.equals("all")) {
            return "#dddddd";
        }
        Categories.Rule r = Categories.ruleFor(frame);
        if (r != null) {
            return r.category().colour();
        }
        return frame.endsWith("_[k]") ? UNNAMED_KERNEL : UNNAMED;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> {
                    if (ch >= 0x20 || ch == '\t') {
                        out.append(ch);
                    }
                }
            }
        }
        return out.toString();
    }
}
