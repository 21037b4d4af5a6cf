import { createHash, randomBytes } from 'node:crypto';

/**
 * Workspace API tokens: `fsa_ws_` + 256 random bits (base64url). The prefix makes a leaked token
 * recognisable to secret scanners and people; only the SHA-256 of the whole token is stored (a
 * slow hash adds nothing for a 256-bit random secret), and the lookup is by that hash, so no
 * token-dependent comparison happens in application code.
 */
const API_TOKEN_PREFIX = 'fsa_ws_';
const TOKEN_PATTERN = /^fsa_ws_[\w-]{43}$/;
/** Characters of the token kept in clear for listings: the prefix plus 6 random characters. */
const DISPLAY_LENGTH = API_TOKEN_PREFIX.length + 6;

export interface NewApiToken {
  token: string;
  tokenPrefix: string;
  tokenHash: string;
}

export function generateApiToken(): NewApiToken {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, tokenPrefix: token.slice(0, DISPLAY_LENGTH), tokenHash: hashApiToken(token) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isApiTokenShaped(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
