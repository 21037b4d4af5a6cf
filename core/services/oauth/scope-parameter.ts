import { AppError } from '../../errors/index.ts';

/** RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ). */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** The distinct scopes of a space-separated scope string, in their first order. */
function scopeList(scope: string): string[] {
  return [...new Set(scope.split(' ').filter((entry) => entry.length > 0))];
}

/**
 * The scope a refresh asks for, checked against what the presented refresh token carries: a
 * subset of it (never wider; RFC 6749 section 6), answered in the token's own order. Omitted,
 * it is the token's scope. OAUTH_INVALID_SCOPE for a malformed, empty or wider request.
 *
 * Does NOT cover: whether the user still may grant those scopes (consent was given at
 * authorization; the resource checks scopes per call).
 */
export function narrowedScope(requested: string | undefined, granted: string): string {
  const grantedScopes = scopeList(granted);
  if (requested === undefined) return grantedScopes.join(' ');
  const asked = requested.split(' ').filter((entry) => entry.length > 0);
  if (asked.length === 0 || asked.some((scope) => !SCOPE_TOKEN.test(scope))) {
    throw new AppError(
      'OAUTH_INVALID_SCOPE',
      'The scope parameter must name one or more scopes, separated by single spaces.',
    );
  }
  const wider = asked.filter((scope) => !grantedScopes.includes(scope));
  if (wider.length > 0) {
    throw new AppError(
      'OAUTH_INVALID_SCOPE',
      `The requested scope is wider than the one granted ("${grantedScopes.join(' ')}"): ${wider.map((scope) => `"${scope}"`).join(', ')} ${wider.length === 1 ? 'was' : 'were'} not granted.`,
    );
  }
  return grantedScopes.filter((scope) => asked.includes(scope)).join(' ');
}
