import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';

/** The parts of the discovery index (discovery.getDiscoveryIndex) the landing page shows. */
export interface LandingIndex {
  name: string;
  description: string;
  api_version: string;
  links: ReadonlyArray<{ id: string; href: string; title: string }>;
}

/** What the composition root knows about this start that the index does not say. */
export interface LandingFacts {
  /** The demo owner's e-mail on a development start (the account exists, SITE_URL unset); never the password. */
  demoOwnerEmail?: string;
}

/** Where the per-client MCP set-up lives: a file of the repository, which a browser cannot open from here. */
const MCP_GUIDE = 'docs/mcp-clients.md';

const stylesheet = `:root { color-scheme: light dark; --fg: #1d2430; --muted: #5a6472; --bg: #f3f5f8; --card: #fff; --line: #d6dbe3; --accent: #1f5fbf; }
@media (prefers-color-scheme: dark) { :root { --fg: #e8ebf0; --muted: #a5adba; --bg: #14181f; --card: #1e242d; --line: #38414e; --accent: #6fa3ff; } }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 2rem 1rem; background: var(--bg); color: var(--fg); }
main { max-width: 46rem; margin: 0 auto; padding: 2rem; background: var(--card); border: 1px solid var(--line); border-radius: 0.75rem; }
h1 { margin: 0 0 0.5rem; font-size: 1.75rem; }
h2 { margin: 1.75rem 0 0.5rem; font-size: 1.125rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
a { color: var(--accent); }
ul { padding-left: 1.25rem; }
li { margin: 0.375rem 0; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9375em; word-break: break-all; }
.muted { color: var(--muted); }`;

/**
 * The page's Content-Security-Policy: nothing but its own inline stylesheet, by hash. The page has
 * no script, image, form or frame, so nothing else is allowed.
 */
export const LANDING_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(stylesheet).digest('base64')}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function link(index: LandingIndex, id: string, text: string): string {
  const entry = index.links.find((candidate) => candidate.id === id);
  if (!entry) return '';
  return `<li><a href="${escapeHtml(entry.href)}">${escapeHtml(text)}</a> <span class="muted">— ${escapeHtml(entry.title)}</span></li>`;
}

function hrefOf(index: LandingIndex, id: string): string {
  return index.links.find((candidate) => candidate.id === id)?.href ?? '';
}

function demoSection(facts: LandingFacts): string {
  if (facts.demoOwnerEmail === undefined) return '';
  return `
<h2>Development start</h2>
<p>The demo owner account owns both demo businesses: <code>${escapeHtml(facts.demoOwnerEmail)}</code>.
Its password was printed once, in the output of the first start; to set a new one, run
<code>npm run admin -- reset-password --email ${escapeHtml(facts.demoOwnerEmail)}</code>.</p>`;
}

/**
 * The HTML landing page at {site_url}/: what the service is and where each surface lives, built
 * from the discovery index so the two never disagree. Every value is escaped.
 */
export function renderLandingPage(index: LandingIndex, facts: LandingFacts): string {
  const mcp = hrefOf(index, 'mcp-endpoint');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(index.name)}</title>
<link rel="icon" href="data:,">
<style>${stylesheet}</style>
</head>
<body>
<main>
<h1>${escapeHtml(index.name)}</h1>
<p>${escapeHtml(index.description)}</p>
<p class="muted">API version ${escapeHtml(index.api_version)}. This page is also served as JSON: request it with <code>Accept: application/json</code>.</p>
<h2>REST API</h2>
<ul>
${link(index, 'api-docs', 'API reference')}
${link(index, 'openapi', 'OpenAPI document')}
</ul>
<h2>MCP</h2>
<p>Connect an MCP client (Streamable HTTP) to <code>${escapeHtml(mcp)}</code>; it signs in with OAuth 2.0 and the user's consent.
The set-up of each client is in <code>${MCP_GUIDE}</code> in the repository.</p>
<ul>
${link(index, 'oauth-protected-resource', 'OAuth metadata of the MCP server')}
</ul>
<h2>Agents</h2>
<ul>
${link(index, 'a2a-agent-card', 'A2A agent card')}
${link(index, 'self', 'Discovery index')}
${link(index, 'versioning-policy', 'Versioning policy')}
</ul>
<h2>Operations</h2>
<ul>
${link(index, 'health', 'Health check')}
</ul>${demoSection(facts)}
</main>
</body>
</html>
`;
}
