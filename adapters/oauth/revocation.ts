import Router from '@koa/router';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import type { HttpState } from '../http/state.ts';
import { authorizationScheme, readOAuthForm } from './form-body.ts';
import { writeOAuthError } from './oauth-error.ts';
import { noStore } from './token.ts';

const REVOCATION_PARAMETERS = ['token', 'token_type_hint', 'client_id', 'client_secret', 'client_assertion', 'client_assertion_type'] as const;

/**
 * `POST {base_url}/oauth/revoke` (RFC 7009): reads the form and answers 200 with an empty body
 * whether or not the token was known (section 2.2); errors (no token, no or unknown client_id,
 * client authentication attempted, over budget) in RFC 6749's error body.
 */
export function revocationRoutes({ invoker, createContext, prefix }: ProcedureRoutesOptions): Router<HttpState> {
  const router = new Router<HttpState>({ prefix });
  router.post('/oauth/revoke', async (ctx) => {
    const context = createContext(requestFacts(ctx));
    try {
      const form = await readOAuthForm(ctx);
      const input: Record<string, unknown> = { client_authentication_scheme: authorizationScheme(ctx) };
      for (const name of REVOCATION_PARAMETERS) input[name] = form.single[name];
      await invoker.call('oauthTokens.revoke', input, context);
      ctx.set(context.response.headers);
      ctx.status = 200;
      ctx.body = '';
    } catch (error) {
      ctx.set(context.response.headers);
      writeOAuthError(ctx, error, { validationError: 'invalid_request' });
    }
    noStore(ctx);
  });
  return router;
}
