import { redirectUriCharacterProblem } from './redirect-uri-policy.ts';

/**
 * The longest client ID metadata document URL accepted: it becomes the client's primary key (and
 * every grant's client_id), so it is bounded like a column, generously for a URL with a path.
 * Every check of a client_id (token claims, revocation) allows this much, so that such a client
 * can use what it signed in for.
 */
export const MAX_CLIENT_ID_LENGTH = 512;

/**
 * Whether a client_id names a client ID metadata document rather than a registered client:
 * registration issues `mcp_...` identifiers, never URLs, so the two cannot be confused.
 */
export function isClientDocumentUrl(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

/** A path segment `.` or `..`, written plainly or percent-encoded (`%2e`, `%2E`). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Why a client_id URL cannot identify a client (draft-ietf-oauth-client-id-metadata-document
 * section 3), or undefined: it must be an https URL with a path, without a fragment, user
 * information or a dot segment, written exactly as it parses (the document's client_id is compared
 * to it as a string, and a URL a parser would rewrite is ambiguous). With `allowHttpLoopback`
 * (OAUTH_CIMD_ALLOW_HTTP_LOOPBACK, development and tests) `http://127.0.0.1:<port>/...` is accepted too.
 * Does NOT cover the address the host resolves to: the fetcher's connect-time guard checks that.
 */
export function clientDocumentUrlProblem(clientId: string, allowHttpLoopback: boolean): string | undefined {
  if (clientId.length > MAX_CLIENT_ID_LENGTH) return `is longer than ${MAX_CLIENT_ID_LENGTH} characters`;
  const characterProblem = redirectUriCharacterProblem(clientId);
  if (characterProblem) return characterProblem;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'is not a valid URL';
  }
  const loopbackHttp = allowHttpLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !loopbackHttp)
    return allowHttpLoopback
      ? 'must be an https URL (or http://127.0.0.1:<port>/..., allowed here for development)'
      : 'must be an https URL';
  if (clientId.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password || url.host === '' || /^[a-z]+:\/\/[^/]*@/i.test(clientId))
    return 'must not contain user information';
  const rawPath = clientId
    .slice(`${url.protocol}//`.length)
    .replace(/^[^/?]*/, '')
    .split('?', 1)[0]!;
  if (rawPath.split('/').some((segment) => DOT_SEGMENT.test(segment)))
    return 'must not contain a "." or ".." path segment';
  if (url.pathname === '/' || url.pathname === '') return 'must have a path (for example /oauth/client.json)';
  if (url.href !== clientId)
    return `must be written in its normal form (${url.href}), since the document's client_id must equal it exactly`;
  return undefined;
}
