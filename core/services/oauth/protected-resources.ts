import type { TokenAudience } from '../../auth/access-token-verifier.ts';
import { a2aScopes, mcpScopes } from '../../auth/scopes.ts';
import type { SiteUrls } from '../../context.ts';
import { oauthUrls } from './urls.ts';

/** The protected resources this authorization server issues tokens for. */
type ProtectedResourceName = TokenAudience;

export interface ProtectedResource {
  name: ProtectedResourceName;
  /** The RFC 8707 resource indicator, and the `aud` of its tokens. */
  url: string;
  /** The only scopes a grant (and a token) for it carries. */
  scopes: readonly string[];
}

const scopesOf: Record<ProtectedResourceName, readonly string[]> = { mcp: mcpScopes, a2a: a2aScopes };

/** Both resources, MCP first: the one an authorization request that names none is for. */
export function protectedResources(urls: SiteUrls): ProtectedResource[] {
  const { resource, a2aResource } = oauthUrls(urls);
  return [
    { name: 'mcp', url: resource, scopes: mcpScopes },
    { name: 'a2a', url: a2aResource, scopes: a2aScopes },
  ];
}

/**
 * Whether these scopes all belong to one resource (the check a minted token passes): a grant is for
 * one resource, so an MCP token never carries an A2A scope, nor the reverse.
 */
export function scopesOfOneResource(scopes: readonly string[]): boolean {
  return Object.values(scopesOf).some((owned) => scopes.every((scope) => owned.includes(scope)));
}
