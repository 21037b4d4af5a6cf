import { classifyError, type ErrorCode } from '../../core/errors/index.ts';
import { noStore } from '../http/no-store.ts';
import type { KoaCtx } from '../http/state.ts';

/** Catalogue codes as RFC 6749 / RFC 7591 error codes; anything unlisted is a server_error. */
const oauthErrorByCode: Partial<Record<ErrorCode, string>> = {
  INVALID_REDIRECT_URI: 'invalid_redirect_uri',
  INVALID_CLIENT_METADATA: 'invalid_client_metadata',
  RATE_LIMITED: 'rate_limited',
  DATABASE_UNAVAILABLE: 'temporarily_unavailable',
  OAUTH_INVALID_REQUEST: 'invalid_request',
  OAUTH_INVALID_CLIENT: 'invalid_client',
  OAUTH_INVALID_GRANT: 'invalid_grant',
  OAUTH_UNAUTHORIZED_CLIENT: 'unauthorized_client',
  OAUTH_UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type',
  OAUTH_INVALID_SCOPE: 'invalid_scope',
  OAUTH_INVALID_TARGET: 'invalid_target',
};

export interface OAuthErrorOptions {
  /**
   * The OAuth error a VALIDATION_FAILED becomes. Unset: registration's rule (invalid_redirect_uri
   * for `redirect_uris`, invalid_client_metadata otherwise); the token and revocation endpoints
   * pass `invalid_request`.
   */
  validationError?: string;
  /**
   * Logs a refusal (4xx) with its reason under this message: the operator who can widen a policy
   * (OAUTH_* variables) sees why a client was turned away, with the request id the client saw.
   */
  logRefusal?: string;
}

/**
 * Answers an error of an OAuth endpoint in OAuth's own format `{ error, error_description }`
 * (RFC 6749 section 5.2, RFC 7591 section 3.2.2), with the catalogue's HTTP status and headers
 * (Retry-After on 429). A validation failure of registration metadata is `invalid_redirect_uri`
 * when it concerns `redirect_uris`, otherwise `invalid_client_metadata`. 5xx stay masked.
 */
export function writeOAuthError(ctx: KoaCtx, error: unknown, options: OAuthErrorOptions = {}): void {
  const classified = classifyError(error, ctx.state.requestId);
  if (classified.unexpected) ctx.state.log.error({ err: error }, 'unexpected error');
  const { body } = classified;
  if (options.logRefusal && body.status < 500)
    ctx.state.log.warn({ code: body.code, reason: body.message }, options.logRefusal);
  let code = oauthErrorByCode[body.code as ErrorCode] ?? (body.status < 500 ? 'invalid_request' : 'server_error');
  if (body.code === 'VALIDATION_FAILED' && options.validationError !== undefined) {
    code = options.validationError;
  } else if (body.code === 'VALIDATION_FAILED') {
    const firstPath = (body.details?.[0]?.path as unknown[] | undefined)?.[0];
    code = firstPath === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
  }
  ctx.status = body.status;
  // The body carries the OAuth error name; the metrics count the catalogue code behind it.
  ctx.state.errorCode = body.code;
  for (const [name, value] of Object.entries(classified.headers)) ctx.set(name, value);
  noStore(ctx, { pragma: true });
  ctx.body = { error: code, error_description: body.message };
}
