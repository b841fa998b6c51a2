/** The dashboard's stylesheet: small, no web fonts, no request to another host; one column on a phone. */
export const STYLESHEET = `
:root { color-scheme: light dark; --fg: #1b1f23; --bg: #fff; --muted: #5a6270; --line: #d5d9de; --accent: #0b6e4f; --warn: #a4262c; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #15181c; --muted: #a0a7b1; --line: #353a41; --accent: #4fc29b; --warn: #ff8a8f; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
header strong { margin-right: auto; }
header form { margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; } h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
.columns { display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); }
.panel { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; }
.table { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
input, select, button { font: inherit; padding: .45rem .6rem; border: 1px solid var(--line); border-radius: .35rem; background: var(--bg); color: var(--fg); max-width: 100%; }
input[type=url], input[type=text], input[type=password], input[type=search] { width: 100%; }
button { cursor: pointer; background: var(--accent); color: #fff; border-color: var(--accent); }
button.secondary { background: transparent; color: var(--accent); }
button.danger { background: var(--warn); border-color: var(--warn); }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; }
.filters label { margin: 0 0 .25rem; }
.tabs { display: flex; gap: 1rem; margin-bottom: 1rem; }
.tabs a[aria-current] { font-weight: 700; text-decoration: none; color: var(--fg); }
.secret { display: flex; gap: .5rem; } .secret input { font-family: ui-monospace, monospace; }
.notice { border-left: 4px solid var(--accent); padding: .5rem 1rem; margin: 1rem 0; }
.error { border-left: 4px solid var(--warn); padding: .5rem 1rem; margin: 1rem 0; }
.muted { color: var(--muted); }
pre { overflow-x: auto; background: color-mix(in srgb, var(--line) 30%, transparent); padding: .75rem; border-radius: .35rem; }
code { font-family: ui-monospace, monospace; }
.pager { display: flex; gap: 1rem; margin-top: 1rem; }
.chart { display: block; width: 100%; max-width: 40rem; height: auto; }
.chart .bar { fill: var(--accent); } .chart .axis { stroke: var(--line); } .chart text { fill: var(--muted); font-size: 12px; }
caption { text-align: left; }
@media (max-width: 40rem) { th, td { padding: .35rem .3rem; } header { padding: .5rem; } }
`;

/**
 * The only script: copy buttons for a secret shown once. The secret is also in a read-only field
 * the partner can select, so nothing depends on the script.
 */
export const COPY_SCRIPT = `
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    field.select();
    try { await navigator.clipboard.writeText(field.value); } catch { document.execCommand('copy'); }
    button.textContent = 'Copied';
  });
}
for (const field of document.querySelectorAll('input[data-select-all]')) field.addEventListener('focus', () => field.select());
`;
