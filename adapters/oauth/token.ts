import type Router from '@koa/router';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import type { HttpState } from '../http/state.ts';
import { oauthFormRoutes } from './form-endpoint.ts';

/** The parameters of a token request the procedure reads; anything else in the form is ignored (RFC 6749 section 3.2). */
const TOKEN_PARAMETERS = [
  'grant_type',
  'client_id',
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
  'scope',
  'client_secret',
  'client_assertion',
  'client_assertion_type',
] as const;

/**
 * `POST {base_url}/oauth/token` (RFC 6749 sections 3.2, 4.1.3 and 6): the form's parameters (and
 * every RFC 8707 `resource`) to the token procedure, its token response as JSON, or RFC 6749's
 * error body (401 for invalid_client, 429 with Retry-After when the client address is over its budget).
 */
export function tokenRoutes(options: ProcedureRoutesOptions): Router<HttpState> {
  return oauthFormRoutes(options, {
    path: '/oauth/token',
    parameters: TOKEN_PARAMETERS,
    repeatable: ['resource'],
    call: (invoker, input, context) => invoker.call('protocols.oauth.tokens.exchangeToken', input, context),
  });
}
