/** The HTML export's only style sheet, inline: the file must read the same offline, with nothing to fetch. */
export const HTML_STYLE = `
:root { --line: #e5e7eb; --muted: #6b7280; --text: #1f2937; --accent: #2563eb; --bg: #f8fafc; }
* { box-sizing: border-box; }
html { scroll-behavior: smooth; scroll-padding-top: 16px; }
body { margin: 0; color: var(--text); background: #fff; line-height: 1.65;
  font: 15px/1.65 -apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Segoe UI", sans-serif; }
nav.toc { position: fixed; top: 0; bottom: 0; left: 0; width: 300px; overflow: auto; padding: 20px 16px;
  background: var(--bg); border-right: 1px solid var(--line); font-size: 14px; }
nav.toc .brand { font-weight: 600; font-size: 16px; margin-bottom: 12px; word-break: break-word; }
nav.toc input { width: 100%; padding: 6px 10px; margin-bottom: 12px; border: 1px solid var(--line); border-radius: 6px;
  font: inherit; background: #fff; }
nav.toc ul { list-style: none; margin: 0; padding-left: 14px; }
nav.toc > ul { padding-left: 0; }
nav.toc li { margin: 2px 0; }
nav.toc summary { cursor: pointer; color: #374151; font-weight: 500; }
nav.toc a { color: var(--text); text-decoration: none; display: block; padding: 2px 4px; border-radius: 4px;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
nav.toc a:hover { background: #e0e7ff; }
main { margin-left: 300px; padding: 32px 48px 80px; max-width: 1100px; }
header.project h1 { margin: 0 0 8px; font-size: 28px; }
header.project .meta { color: var(--muted); font-size: 13px; }
section.doc { border-top: 1px solid var(--line); padding: 24px 0 8px; }
section.folder { padding: 28px 0 0; }
section.folder h2 { margin: 0; font-size: 20px; color: #111827; }
.crumb { color: var(--muted); font-size: 13px; }
section.doc h2 { margin: 4px 0 10px; font-size: 22px; }
.endpoint { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; padding: 10px 14px; margin: 8px 0 16px;
  background: var(--bg); border: 1px solid var(--line); border-radius: 8px; }
.endpoint code { font-size: 15px; background: none; padding: 0; }
.method { display: inline-block; min-width: 64px; text-align: center; padding: 1px 8px; border-radius: 4px; color: #fff;
  font-weight: 700; font-size: 12px; letter-spacing: .03em; font-family: ui-monospace, Menlo, Consolas, monospace; }
.m-GET { background: #16a34a; } .m-POST { background: #ea580c; } .m-PUT { background: #2563eb; }
.m-PATCH { background: #7c3aed; } .m-DELETE { background: #dc2626; } .m-HEAD, .m-OPTIONS, .m-TRACE { background: #64748b; }
.chip { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; background: #e5e7eb; color: #374151; }
.chip.deprecated { background: #fee2e2; color: #b91c1c; }
nav.toc .method { min-width: 44px; font-size: 10px; padding: 0 4px; margin-right: 6px; }
nav.toc .kind { display: inline-block; min-width: 44px; margin-right: 6px; font-size: 11px; color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-size: 14px; }
th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
td:first-child { white-space: nowrap; }
th { background: var(--bg); font-weight: 600; white-space: nowrap; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; background: #f1f5f9; padding: 1px 4px;
  border-radius: 4px; }
pre { background: #0f172a; color: #e2e8f0; padding: 12px 14px; border-radius: 8px; overflow: auto; font-size: 13px;
  line-height: 1.5; max-height: 480px; }
pre code { background: none; padding: 0; color: inherit; }
blockquote { margin: 8px 0; padding: 4px 12px; border-left: 3px solid var(--line); color: var(--muted); }
h3 { font-size: 17px; margin: 20px 0 8px; } h4 { font-size: 15px; margin: 16px 0 6px; }
a { color: var(--accent); }
.hidden { display: none !important; }
@media (max-width: 860px) {
  nav.toc { position: static; width: auto; max-height: 40vh; border-right: 0; border-bottom: 1px solid var(--line); }
  main { margin-left: 0; padding: 20px; }
}
@media print { nav.toc { display: none; } main { margin: 0; max-width: none; } pre { max-height: none; } }
`;

/** Filters the table of contents as the reader types (the file works without it). */
export const HTML_SCRIPT = `
document.getElementById('toc-filter').addEventListener('input', function (event) {
  var q = event.target.value.trim().toLowerCase();
  document.querySelectorAll('nav.toc li.leaf').forEach(function (li) {
    li.classList.toggle('hidden', q !== '' && li.textContent.toLowerCase().indexOf(q) === -1);
  });
});
`;
