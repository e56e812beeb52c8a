package org.dbuslab.analysis.doc;

/**
 * report.html's one stylesheet. Colours are variables that follow prefers-color-scheme; charts keep a light card in
 * dark mode (their SVG is drawn on white). Tables wrap rather than scroll: nothing is wider than a 1280 px window.
 * Print opens the collapsed sections and drops the table of contents.
 */
final class HtmlStyle {

    static final String CSS = """
            :root { --fg: #1f1f1f; --muted: #555; --bg: #fff; --rule: #d6d6d6; --head: #f2f2f2; --warn: #8a1c00;
                    --link: #0b57a4; --card: #fff; }
            @media (prefers-color-scheme: dark) {
              :root { --fg: #e6e6e6; --muted: #aaa; --bg: #161616; --rule: #444; --head: #262626; --warn: #ff9a7a;
                      --link: #8cc4ff; --card: #f4f4f4; }
            }
            * { box-sizing: border-box; }
            html { background: var(--bg); color: var(--fg); }
            body { font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; margin: 1em auto;
                   max-width: 1280px; padding: 0 1em; line-height: 1.4; overflow-wrap: break-word; }
            a { color: var(--link); }
            h1 { margin: 0.2em 0; font-size: 1.6em; } header > p { margin: 0.2em 0 0.5em; }
            h2 { margin: 1.2em 0 0.4em; border-bottom: 1px solid var(--rule); padding-bottom: 0.15em; font-size: 1.3em; }
            h3 { margin: 1em 0 0.3em; font-size: 1.1em; }
            nav.toc { font-size: 0.9em; border: 1px solid var(--rule); padding: 0.2em 0.7em; }
            nav.toc h2.toc-title { display: inline; font-size: 1em; border: 0; margin: 0 0.6em 0 0; }
            nav.toc ol { display: inline; padding: 0; margin: 0; }
            nav.toc li { display: inline; margin-right: 0.9em; white-space: nowrap; }
            #findings h2 { margin-top: 0.6em; }
            ul.findings { margin: 0.3em 0; padding-left: 0.2em; list-style: none; } ul.findings li { margin: 0.15em 0; }
            ul.findings details { margin: 0; } ul.findings details[open] { margin-bottom: 0.4em; }
            ul.findings summary { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            details { margin: 0.6em 0; } details > summary { cursor: pointer; }
            details > summary > h2, details > summary > h3 { display: inline; border: 0; }
            .table { max-width: 100%; }
            table { border-collapse: collapse; margin: 0.6em 0 1em; font-size: 0.88em; max-width: 100%; }
            th, td { border: 1px solid var(--rule); padding: 0.25em 0.5em; vertical-align: top; overflow-wrap: break-word; }
            th { background: var(--head); text-align: left; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            table.details, table.health { font-size: 0.8em; }
            table.headline td, table.headline th { padding: 0.35em 0.7em; }
            .verdicts li { margin: 0.15em 0; }
            .warning { color: var(--warn); font-weight: bold; }
            .note { color: var(--muted); }
            .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(560px, 100%), 1fr)); gap: 0.8em; }
            figure { margin: 0; border: 1px solid var(--rule); padding: 0.3em; background: var(--card); color: #1f1f1f; }
            figure svg { max-width: 100%; height: auto; display: block; }
            figcaption { font-size: 0.8em; padding: 0.2em; }
            .markdown { max-width: 100%; }
            @media print {
              html { background: #fff; color: #000; }
              nav.toc { display: none; }
              details > summary { list-style: none; }
              details:not([open]) > *:not(summary) { display: block; }
              details::details-content { content-visibility: visible; display: contents; }
              figure, table { break-inside: avoid; }
              a { color: inherit; text-decoration: none; }
            }
            """;

    private HtmlStyle() {
    }
}
