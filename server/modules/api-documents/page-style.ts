/**
 * The page's look: the app's colours and its type system (src/ui/app/app.css), copied because
 * the page is served without the client's bundle. An inline stylesheet is within the product's
 * content security policy (`style-src 'unsafe-inline'`); a script would not be.
 */
export const pageStyle = `
:root {
  color-scheme: dark;
  --night: #05060f;
  --night-raised: rgba(12, 14, 32, 0.92);
  --ink: #ece6d2;
  --ink-muted: #b8b09a;
  --gold: #e8c25a;
  --success: #9be3a8;
  --danger: #ff8a7a;
  --font-title: 'Palatino Linotype', Palatino, 'Book Antiqua', 'URW Palladio L', Georgia, serif;
  --font-body: 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif;
  --font-mono: ui-monospace, 'DejaVu Sans Mono', monospace;
  font-family: var(--font-body);
  line-height: 1.5;
  color: var(--ink);
  background: var(--night);
  text-size-adjust: 100%;
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem 1rem 4rem; display: grid; gap: 0 2rem; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 64rem) {
  body { grid-template-columns: 15rem minmax(0, 1fr); }
  header { grid-column: 1 / -1; }
  nav { position: sticky; top: 1rem; align-self: start; max-height: calc(100vh - 2rem); overflow-y: auto; }
}
h1, h2, h3, h4 { font-family: var(--font-title); color: var(--gold); line-height: 1.2; }
h1 { font-size: 2rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.5rem; margin: 2rem 0 0.5rem; }
h3 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; border-bottom: 1px solid #e8c25a40; }
h4 { font-size: 1rem; margin: 0 0 0.25rem; color: var(--ink); overflow-wrap: anywhere; }
a { color: var(--gold); }
code, pre { font-family: var(--font-mono); font-size: 0.875rem; }
nav ul { list-style: none; margin: 0; padding-left: 0.75rem; }
nav > ul { padding: 0; }
nav li { margin: 0.15rem 0; }
article { background: var(--night-raised); border: 1px solid #ffffff1a; border-radius: 10px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
article p { margin: 0.25rem 0; }
.method { display: inline-block; min-width: 4.2rem; font-family: var(--font-mono); font-size: 0.8rem; padding: 0.1rem 0.4rem; border-radius: 4px; color: var(--night); text-align: center; }
.get { background: #8fc7ff; } .post { background: var(--success); } .put { background: var(--gold); }
.patch { background: #d8b4fe; } .delete { background: var(--danger); }
.access { font-size: 0.875rem; color: var(--ink-muted); }
.access.public::before { content: '○ '; } .access.token::before { content: '● '; }
.label { font-size: 0.875rem; color: var(--ink-muted); }
.parameters { margin: 0.25rem 0; padding-left: 1.25rem; font-size: 0.875rem; }
details { margin: 0.25rem 0; }
summary { cursor: pointer; color: var(--ink-muted); font-size: 0.875rem; }
pre { margin: 0.25rem 0; padding: 0.5rem 0.75rem; background: #00000059; border-radius: 6px; overflow-x: auto; }
`;
