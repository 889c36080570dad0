extension HTMLReport {
    /// The page's only style sheet: system fonts, one column on a phone, grids on wide screens,
    /// light and dark colors from `prefers-color-scheme`.
    static let style = """
    :root{--bg:#fafafa;--fg:#1b1b1f;--muted:#5f6368;--card:#fff;--line:#dadce0;--income:#1e8e3e;--expense:#d93025;--accent:#1a73e8;--warn:#f29900}
    @media (prefers-color-scheme: dark){:root{--bg:#121212;--fg:#e8eaed;--muted:#9aa0a6;--card:#1e1f22;--line:#3c4043;--income:#81c995;--expense:#f28b82;--accent:#8ab4f8;--warn:#fdd663}}
    *{box-sizing:border-box}
    body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
    header,main,footer{max-width:1200px;margin:0 auto;padding:0 16px}
    h1{margin:16px 0 0;font-size:1.6em}h2{font-size:1.25em;margin:28px 0 8px}h3{margin:0 0 8px;font-size:1.05em}
    .period,.muted,footer{color:var(--muted)}footer{font-size:.85em;padding:24px 16px}
    ul.cards{list-style:none;padding:0;margin:0;display:grid;gap:12px;grid-template-columns:1fr}
    @media (min-width:720px){ul.cards{grid-template-columns:repeat(auto-fill,minmax(300px,1fr))}ul.cards.wide{grid-template-columns:repeat(auto-fill,minmax(520px,1fr))}}
    .card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px}
    dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}dd{margin:0;text-align:right}
    .money{font-variant-numeric:tabular-nums;white-space:nowrap}.neg{color:var(--expense)}
    .chart{width:100%;height:auto}.chart .axis{stroke:var(--line)}.chart text{fill:var(--fg);font-size:13px}
    .chart .bar.income,.key.income{fill:var(--income);background:var(--income)}.chart .bar.expense,.key.expense{fill:var(--expense);background:var(--expense)}
    .chart .networth{fill:none;stroke:var(--accent);stroke-width:3}.chart .dot{fill:var(--accent)}
    .key{display:inline-block;width:12px;height:12px;border-radius:2px;margin:0 4px 0 8px;vertical-align:middle}
    .tree,.tree ul{list-style:none;padding-left:0;margin:0}.tree ul{padding-left:18px}
    .tree li{margin:4px 0;position:relative}.tree summary{cursor:pointer}.tree .leaf{padding-left:18px}
    .tree .share{display:block;height:3px;background:var(--expense);opacity:.5;border-radius:2px;margin-top:2px}
    .progress{height:12px;border-radius:6px;background:var(--line);overflow:hidden;margin:8px 0}
    .progress .fill{display:block;height:100%;background:var(--income)}
    .budget.warning .fill{background:var(--warn)}.budget.over .fill{background:var(--expense)}
    .budget.over .status{color:var(--expense)}.budget.warning .status{color:var(--warn)}.budget.on_track .status{color:var(--income)}
    .balance{font-size:1.3em;margin:4px 0}.recon.ok{color:var(--income)}.recon.bad{color:var(--expense)}
    ul.rows{list-style:none;padding:0;margin:0;display:grid;gap:6px}
    ul.rows li{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px 12px}
    @media (min-width:720px){ul.rows{grid-template-columns:repeat(auto-fill,minmax(520px,1fr))}}
    .day{color:var(--muted);font-variant-numeric:tabular-nums}
    """
}
