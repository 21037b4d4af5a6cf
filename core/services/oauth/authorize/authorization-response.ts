import { AppError } from '../../../errors/index.ts';
import { redirectUriCharacterProblem } from '../redirect-uri-policy.ts';

/**
 * The redirect URI with response parameters appended (RFC 6749 section 4.1.2: "the redirection
 * endpoint URI MUST retain [its] query component"): the registered URI is kept byte for byte and
 * the parameters follow, form-encoded. Parameters whose value is undefined are left out.
 *
 * A URI with a control or non-ASCII character never gets here (redirectUriMatches refuses it);
 * should one, it is refused as an unusable redirect URI (a page), not left to fail as a header.
 */
export function redirectWithParameters(redirectUri: string, parameters: Record<string, string | undefined>): string {
  if (redirectUriCharacterProblem(redirectUri)) {
    throw new AppError(
      'AUTHORIZATION_REQUEST_INVALID',
      'The address the application asked to return to (its redirect_uri) cannot be used, so you are not sent there.',
    );
  }
  const entries = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const query = new URLSearchParams(entries).toString();
  const separator = !redirectUri.includes('?') ? '?' : /[?&]$/.test(redirectUri) ? '' : '&';
  return `${redirectUri}${separator}${query}`;
}

/** An error answer to the client (RFC 6749 section 4.1.2.1), with `iss` (RFC 9207). */
export interface AuthorizationErrorResponse {
  error: 'invalid_request' | 'unsupported_response_type' | 'invalid_scope' | 'invalid_target' | 'access_denied';
  /** Human-readable; only the characters RFC 6749 allows there (no quotes, no backslash). */
  description: string;
}

export function errorRedirect(
  redirectUri: string,
  issuer: string,
  failure: AuthorizationErrorResponse,
  state: string | undefined,
): string {
  return redirectWithParameters(redirectUri, {
    error: failure.error,
    error_description: failure.description,
    state,
    iss: issuer,
  });
}
