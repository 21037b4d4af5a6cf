import { a2aScopes } from '../../auth/scopes.ts';
import type { SiteUrls } from '../../context.ts';
import { errorMessage, type ErrorMessage } from '../../errors/index.ts';
import { oauthUrls } from '../oauth/urls.ts';

/** Why an A2A request is refused its credentials: none where one is needed, one we do not accept, or one without the scope. */
type A2aAuthProblem = 'missing' | 'invalid' | 'scope';

const SCOPE = a2aScopes.join(' ');

const messages: Record<A2aAuthProblem, string> = {
  missing:
    'This method needs an OAuth access token for the A2A endpoint: send Authorization: Bearer <token>. Discover the authorization server from the resource_metadata URL of the WWW-Authenticate header.',
  invalid:
    'The access token is invalid, expired or revoked, or was not issued for the A2A endpoint (a token of the MCP resource, a workspace API token). Send no token to call anonymously, or authorize again.',
  scope: `The access token does not carry the scope ${SCOPE}: authorize again asking for it.`,
};

/**
 * An authentication refusal of the A2A endpoint: the ErrorMessage (401 A2A_UNAUTHORIZED, or 403
 * A2A_INSUFFICIENT_SCOPE) and its RFC 6750 + RFC 9728 challenge pointing at the A2A resource's metadata.
 * Without a presented token the challenge carries no error code (RFC 6750 section 3.1).
 */
export function a2aAuthRefusal(
  urls: SiteUrls,
  problem: A2aAuthProblem,
): { error: ErrorMessage; headers: Record<string, string> } {
  const metadata = `resource_metadata="${oauthUrls(urls).a2aProtectedResourceMetadata}"`;
  const challenge = {
    missing: `Bearer ${metadata}, scope="${SCOPE}"`,
    invalid: `Bearer ${metadata}, error="invalid_token", scope="${SCOPE}"`,
    scope: `Bearer error="insufficient_scope", scope="${SCOPE}", ${metadata}`,
  }[problem];
  const code = problem === 'scope' ? 'A2A_INSUFFICIENT_SCOPE' : 'A2A_UNAUTHORIZED';
  return { error: errorMessage(code, messages[problem]), headers: { 'WWW-Authenticate': challenge } };
}
