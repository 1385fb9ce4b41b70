// The html page's style sheet (inline: the page loads nothing).

export const STYLE = `
:root{--bg:#f6f7f9;--card:#fff;--ink:#1d2330;--muted:#5d6778;--line:#e3e6eb;--grid:#e9ecf0;
--err:#c8372d;--err-bg:#fdecea;--warn:#a86400;--warn-bg:#fff4de;--fix:#2f855a;--fix-soft:#9ad3b0;
--manual:#d9822b;--manual-soft:#f3c28d;--accent:#2456c7;--code-bg:#fbfbfc;--hit:#fff7d6;--mark:#ffe08a;
color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#14171c;--card:#1c2027;--ink:#e4e7ec;--muted:#9aa3b2;--line:#2e343e;
--grid:#272c35;--err:#ff7b72;--err-bg:#3a1d1d;--warn:#e3b341;--warn-bg:#372a12;--fix:#56c98a;--fix-soft:#2e6b4a;
--manual:#f0a050;--manual-soft:#7a5224;--accent:#79a6ff;--code-bg:#171a20;--hit:#2b2816;--mark:#6b5a12}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1120px;margin:0 auto;padding:28px 24px 48px}
h1{font-size:26px;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:18px;margin:0 0 12px}
h3{font-size:14px;margin:0;font-weight:600}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono","Liberation Mono",monospace}
a{color:var(--accent)}
.sub{color:var(--muted);margin:0 0 22px}
.sub span+span::before{content:" · "}
section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin:0 0 18px}
.headline{font-size:17px;margin:0 0 14px}
.headline strong{font-size:20px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;background:none;border:0;padding:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px 16px;border-top:4px solid var(--muted)}
.card .v{font-size:30px;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.card .k{color:var(--muted);font-size:13px}
.card.errors{border-top-color:var(--err)}.card.errors .v{color:var(--err)}
.card.warnings{border-top-color:var(--warn)}.card.warnings .v{color:var(--warn)}
.card.fixable{border-top-color:var(--fix)}.card.fixable .v{color:var(--fix)}
.card.manual{border-top-color:var(--manual)}.card.manual .v{color:var(--manual)}
.done{font-size:18px;color:var(--fix);font-weight:600}
.chart{display:block;width:100%;height:auto}
.chart text{font-size:13px;fill:var(--muted)}
.grid{stroke:var(--grid);stroke-width:1}
.chart .value{fill:var(--ink);font-weight:600;font-size:13px;font-variant-numeric:tabular-nums}
.axis-line,.tick{stroke:var(--muted);stroke-width:1}
.area-fixable{fill:var(--fix-soft)}
.area-manual{fill:var(--manual-soft)}
.line-total{fill:none;stroke:var(--ink);stroke-width:2;stroke-linejoin:round}
.dot{fill:var(--card);stroke:var(--ink);stroke-width:2}
.legend{display:flex;gap:18px;flex-wrap:wrap;color:var(--muted);font-size:13px;margin:8px 0 0}
.legend i{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:6px;vertical-align:-1px}
.legend .sw-fixable{background:var(--fix)}.legend .sw-manual{background:var(--manual)}
.legend .sw-fixable.soft{background:var(--fix-soft)}.legend .sw-manual.soft{background:var(--manual-soft)}
.legend .sw-total{background:var(--ink);height:3px;vertical-align:3px}
.hint{color:var(--muted);font-size:13px;margin:8px 0 0}
.bar-bg{fill:transparent}
.bar:hover .bar-bg,.bar:focus .bar-bg{fill:var(--grid)}
.bar-manual{fill:var(--manual)}
.bar-fixable{fill:var(--fix)}
.chart .bar-label{fill:var(--ink);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:13px}
.chart .bar-count{fill:var(--ink);font-weight:600;font-variant-numeric:tabular-nums}
details.more>summary{cursor:pointer;color:var(--accent);margin:6px 0}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.rule-id{font-weight:600;white-space:nowrap}
.pill{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;white-space:nowrap}
.pill.error{background:var(--err-bg);color:var(--err)}.pill.warning{background:var(--warn-bg);color:var(--warn)}
.pill.safe{background:transparent;color:var(--fix);border:1px solid var(--fix)}
.pill.unsafe{background:transparent;color:var(--warn);border:1px solid var(--warn)}
.pill.none{background:transparent;color:var(--manual);border:1px solid var(--manual)}
.explain summary{cursor:pointer}
td code{font-size:.9em;background:var(--code-bg);border:1px solid var(--line);border-radius:4px;padding:0 4px}
.explain pre{white-space:pre-wrap;background:var(--code-bg);border:1px solid var(--line);border-radius:6px;padding:10px 12px;margin:8px 0 0;font-size:12.5px}
.toolbar{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:0 0 12px}
.toolbar input{flex:1;min-width:220px;padding:7px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--ink);font:inherit}
.toolbar button{padding:7px 12px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--ink);font:inherit;cursor:pointer}
.toolbar .count{color:var(--muted);font-size:13px}
details.folder{border:1px solid var(--line);border-radius:8px;margin:0 0 8px;background:var(--card)}
details.folder>summary{cursor:pointer;padding:9px 12px;display:flex;gap:12px;align-items:baseline;list-style-position:inside}
details.folder>summary .fname{font-weight:600}
details.folder>summary .fcounts{color:var(--muted);font-size:13px;margin-left:auto;white-space:nowrap}
details.folder[open]>summary{border-bottom:1px solid var(--line)}
.folder-body{padding:10px 12px}
.file{margin:0 0 16px;content-visibility:auto;contain-intrinsic-size:auto 420px}
.file h3{display:flex;gap:10px;align-items:baseline;margin:0 0 6px}
.file h3 .path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;word-break:break-all}
.file-counts{color:var(--muted);font-weight:400;font-size:12px;white-space:nowrap}
.snippet{border:1px solid var(--line);border-radius:6px;background:var(--code-bg);margin:0 0 8px;overflow-x:auto;font-size:12.5px}
.l{display:flex;min-width:max-content}
.l.hit{background:var(--hit)}
.l .n{flex:none;width:52px;padding:0 10px 0 0;text-align:right;color:var(--muted);user-select:none;border-right:1px solid var(--line);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
.l code{white-space:pre;padding:0 12px;tab-size:4}
mark{background:var(--mark);color:inherit;border-radius:2px}
mark.empty{display:inline-block;width:2px;height:1em;vertical-align:middle}
.cut{color:var(--muted)}
.note{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;margin:2px 8px 4px 52px;padding:6px 10px;border-left:3px solid var(--muted);background:var(--card);border-radius:0 6px 6px 0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:13px}
.note.error{border-left-color:var(--err)}.note.warning{border-left-color:var(--warn)}
.note .pos{color:var(--muted);font-variant-numeric:tabular-nums}.note .seen{font-size:11px;font-weight:700;color:var(--muted)}
.note .sev{font-weight:700;text-transform:uppercase;font-size:11px;letter-spacing:.04em}
.note.error .sev{color:var(--err)}.note.warning .sev{color:var(--warn)}
.note .msg{flex:1 1 420px}
.note .rule{color:var(--muted);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:12px}
.note .fix{font-size:12px;font-weight:600}
.fix-safe{color:var(--fix)}.fix-unsafe{color:var(--warn)}.fix-none{color:var(--manual)}
.note .change{flex-basis:100%;color:var(--muted);font-size:12px}
.fatal li{margin:0 0 4px}
footer{color:var(--muted);font-size:13px;text-align:center;margin-top:24px}
[hidden]{display:none!important}
`;
