import { isApiTokenShaped } from '../../../core/auth/api-token.ts';
import { bearerCredentials } from '../request-facts.ts';
import type { KoaCtx } from '../state.ts';

/**
 * Query parameters whose values are credentials or one-time secrets somewhere in the service or in
 * a client's redirect (OAuth codes and tokens, PKCE verifiers, client secrets, passwords, the
 * state a client binds its session to, API keys and signatures), compared without case. Their
 * values never reach the log; the names stay, so a line still says what was sent.
 */
const REDACTED_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'password',
  'secret',
  'state',
  'api_key',
  'apikey',
  'key',
  'signature',
  'sig',
]);

/** Longer query strings are cut here in the log (the request line itself may be up to 16 KiB). */
const MAX_LOGGED_QUERY = 1024;

function parameterName(pair: string): string {
  const raw = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The query string as logged: every credential-like value replaced by `[redacted]`, cut at 1 KiB. */
export function loggedQuery(querystring: string): string | undefined {
  if (querystring.length === 0) return undefined;
  const redacted = querystring
    .split('&')
    .map((pair) => (REDACTED_QUERY_PARAMETERS.has(parameterName(pair)) ? `${pair.split('=', 1)[0]}=[redacted]` : pair))
    .join('&');
  return redacted.length > MAX_LOGGED_QUERY ? `${redacted.slice(0, MAX_LOGGED_QUERY)}…` : redacted;
}

/** Who a request says it is, by the credential it carries. */
type PresentedPrincipal =
  'anonymous' | 'workspace_token' | 'oauth_access_token' | 'oauth_client' | 'payment' | 'session';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?fsa_session=/;

/**
 * The kind of principal a request presents: a workspace API token (fsa_ws_...) or any other bearer
 * token (an OAuth access token), an OAuth client authenticating with HTTP Basic, an x402 payment,
 * the authorization pages' session cookie, or nothing. Read from the headers, so it costs no
 * lookup; whether the credential was accepted is what the line's status and code say.
 */
export function presentedPrincipal(ctx: KoaCtx): PresentedPrincipal {
  const authorization = ctx.get('Authorization');
  if (authorization) {
    const { bearer } = bearerCredentials(authorization);
    if (bearer !== undefined) return isApiTokenShaped(bearer) ? 'workspace_token' : 'oauth_access_token';
    if (/^Basic\s/i.test(authorization)) return 'oauth_client';
  }
  if (ctx.get('PAYMENT-SIGNATURE') || ctx.get('X-PAYMENT')) return 'payment';
  if (SESSION_COOKIE.test(ctx.get('Cookie'))) return 'session';
  return 'anonymous';
}

/** Error bodies are small; a larger body is not parsed for the log. */
const MAX_PARSED_ERROR_BODY = 64 * 1024;

function codeIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { code?: unknown; error?: unknown };
  if (typeof record.code === 'string') return record.code;
  // OAuth endpoints: RFC 6749 section 5.2 `error`.
  if (typeof record.error === 'string') return record.error;
  // JSON-RPC (MCP, A2A): the catalogue's ErrorMessage is the error's data.
  const data = (record.error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/**
 * The error code of an answer with an error status: the ErrorMessage's `code`, the OAuth `error`,
 * or the JSON-RPC error's data code, whether the body is an object or its serialised JSON.
 * Undefined for a success or a body that names none.
 */
export function answeredErrorCode(status: number, body: unknown): string | undefined {
  if (status < 400) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (body.length > MAX_PARSED_ERROR_BODY) return undefined;
    const text = body.toString();
    if (!text.startsWith('{')) return undefined;
    try {
      return codeIn(JSON.parse(text));
    } catch {
      return undefined;
    }
  }
  // A stream is never parsed here.
  if (typeof (body as { pipe?: unknown } | null)?.pipe === 'function') return undefined;
  return codeIn(body);
}
