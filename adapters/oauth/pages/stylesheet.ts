/** The login, consent and message pages' one stylesheet (served from our origin, so the CSP allows it). */
export const pagesStylesheet = `:root {
  color-scheme: light dark;
  --fg: #1d2430; --muted: #5a6472; --bg: #f3f5f8; --card: #ffffff; --line: #d6dbe3;
  --accent: #1f5fbf; --accent-fg: #ffffff; --error-bg: #fdecec; --error-fg: #8a1c1c; --focus: #f0a500;
}
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8ebf0; --muted: #a5adba; --bg: #14181f; --card: #1e242d; --line: #38414e;
    --accent: #6fa3ff; --accent-fg: #0b1220; --error-bg: #3a1d1d; --error-fg: #ffb4b4; }
}
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 100%; line-height: 1.5; }
body { margin: 0; padding: 2rem 1rem; background: var(--bg); color: var(--fg); }
main { max-width: 30rem; margin: 0 auto; padding: 2rem; background: var(--card); border: 1px solid var(--line); border-radius: 0.75rem; }
.brand { margin: 0 0 1rem; font-size: 0.875rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; color: var(--muted); }
img.client-logo { display: block; margin: 0 0 0.75rem; border-radius: 0.5rem; object-fit: contain; }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; line-height: 1.25; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); font-size: 0.9375rem; }
.error { padding: 0.75rem 1rem; border-radius: 0.5rem; background: var(--error-bg); color: var(--error-fg); }
label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
input[type=email], input[type=password] { width: 100%; padding: 0.625rem 0.75rem; font: inherit; color: inherit;
  background: transparent; border: 1px solid var(--line); border-radius: 0.5rem; }
fieldset { margin: 1.25rem 0; padding: 0; border: 0; }
legend { font-weight: 700; margin-bottom: 0.5rem; padding: 0; }
.choice { display: flex; gap: 0.75rem; align-items: flex-start; margin: 0; padding: 0.625rem 0; font-weight: 400; border-top: 1px solid var(--line); }
.choice:first-of-type { border-top: 0; }
.choice input { margin-top: 0.3rem; width: 1.125rem; height: 1.125rem; flex: none; }
.choice strong { display: block; }
.choice span { color: var(--muted); font-size: 0.9375rem; }
.included { flex: none; width: 1.125rem; margin-top: 0.1rem; text-align: center; font-weight: 700; color: var(--accent); }
ul.choices { list-style: none; margin: 0; padding: 0; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; font-weight: 600; padding: 0.625rem 1.25rem; border-radius: 0.5rem; cursor: pointer;
  border: 1px solid var(--line); background: transparent; color: var(--fg); }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
button.link { padding: 0; border: 0; color: var(--accent); text-decoration: underline; font-weight: 400; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;
