import { mcpScopes, scopesGranting } from '../../auth/scopes.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { budgetsOf, describeBudget } from './budgets.ts';
import { code } from './markdown.ts';
import type { ReferenceInput, ReferenceSection } from './types.ts';
import { toolProcedures } from './visibility.ts';

/** What each MCP scope grants, counted over the tools (one tool: one access, several scopes grant it). */
function scopeLines(input: ReferenceInput): string[] {
  const tools = toolProcedures(input.procedures).map((procedure) => procedure.meta!.tool!);
  return mcpScopes.map((scope) => {
    const granted = tools.filter((tool) => scopesGranting(tool.access).includes(scope));
    const reads = granted.filter((tool) => tool.access === 'read').length;
    const writes = granted.filter((tool) => tool.access !== 'read').map((tool) => code(tool.name));
    const parts = [
      reads > 0 ? `${reads} read tools` : '',
      writes.length > 0 ? `the write tools ${writes.join(', ')}` : '',
    ];
    return `- ${code(scope)}: ${parts.filter((part) => part !== '').join(' and ') || 'no tool'}`;
  });
}

/** How an agent authenticates: the public surfaces need nothing; the MCP resource needs OAuth 2.0. */
export function authenticationSection(input: ReferenceInput): ReferenceSection {
  const oauth = oauthUrls(input.urls);
  const budgets = budgetsOf(input.limits).filter((budget) => budget.key.startsWith('oauth'));
  const markdown = [
    '## Authentication',
    '',
    'The public REST endpoints and the A2A agent need no credential. The paid reference is paid for (HTTP 402, ' +
      'x402 version 2), not authenticated. The MCP server is an OAuth 2.0 protected resource; agents are public ' +
      'clients using the authorization code flow with PKCE (`S256` only, no client secret).',
    '',
    `1. Discover: ${code(oauth.protectedResourceMetadata)} (RFC 9728; resource ${code(oauth.resource)}) names the ` +
      `authorization server ${code(oauth.issuer)}, whose metadata is at ` +
      `${code(`${oauth.issuer}/.well-known/oauth-authorization-server`)} (RFC 8414). An unauthenticated MCP request ` +
      'answers 401 with `WWW-Authenticate: Bearer resource_metadata="..."` pointing at the first.',
    `2. Register once: ${code(`POST ${oauth.registrationEndpoint}`)} with JSON \`{"redirect_uris": [...], ` +
      '"client_name": "..."}` (RFC 7591); the answer carries the `client_id`.',
    `3. Authorize in the user's browser: ${code(`GET ${oauth.authorizationEndpoint}`)} with \`response_type=code\`, ` +
      '`client_id`, `redirect_uri`, `scope`, `state`, `code_challenge`, `code_challenge_method=S256` (optionally ' +
      `\`resource=${oauth.resource}\`). The user signs in, picks the business and consents.`,
    `4. Exchange the code: ${code(`POST ${oauth.tokenEndpoint}`)}, form-encoded, \`grant_type=authorization_code\`. ` +
      `The access token is a JWT (ES256) for audience ${code(oauth.resource)}, valid ` +
      `${input.limits.accessTokenTtlSeconds} seconds, bound to one business; refresh tokens rotate on every use.`,
    `5. Revoke: ${code(`POST ${oauth.revocationEndpoint}`)} (RFC 7009). Signing keys: ${code(oauth.jwksUri)}.`,
    '',
    '**Scopes** (the MCP resource):',
    '',
    ...scopeLines(input),
    '',
    '**Budgets of the authorization server:**',
    '',
    ...budgets.map((budget) => `- ${budget.scope}: ${describeBudget(budget)}`),
  ];
  return {
    id: 'authentication',
    title: 'Authentication',
    count: null,
    summary: 'none for REST and A2A; OAuth 2.0 for MCP: metadata URLs, registration, PKCE, tokens, scopes',
    markdown: markdown.join('\n'),
  };
}
