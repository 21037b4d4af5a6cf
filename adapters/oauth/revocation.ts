import type Router from '@koa/router';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import type { HttpState } from '../http/state.ts';
import { oauthFormRoutes } from './form-endpoint.ts';

const REVOCATION_PARAMETERS = [
  'token',
  'token_type_hint',
  'client_id',
  'client_secret',
  'client_assertion',
  'client_assertion_type',
] as const;

/**
 * `POST {base_url}/oauth/revoke` (RFC 7009): answers 200 with an empty body whether or not the
 * token was known (section 2.2); errors (no token, no or unknown client_id, client authentication
 * attempted, over budget) in RFC 6749's error body.
 */
export function revocationRoutes(options: ProcedureRoutesOptions): Router<HttpState> {
  return oauthFormRoutes(options, {
    path: '/oauth/revoke',
    parameters: REVOCATION_PARAMETERS,
    call: async (invoker, input, context) => {
      await invoker.call('protocols.oauth.tokens.revokeToken', input, context);
      return '';
    },
  });
}
