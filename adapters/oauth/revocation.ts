import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Context } from '../../core/context.ts';
import { createCaller } from '../../core/routers/_app.ts';
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
export function revocationRoutes(createContext: (ctx: ParameterizedContext<HttpState>) => Context, prefix: string): Router<HttpState> {
  const router = new Router<HttpState>({ prefix });
  router.post('/oauth/revoke', async (ctx) => {
    const context = createContext(ctx);
    try {
      const form = await readOAuthForm(ctx);
      const input: Record<string, unknown> = { client_authentication_scheme: authorizationScheme(ctx) };
      for (const name of REVOCATION_PARAMETERS) input[name] = form.single[name];
      await createCaller(context).oauthTokens.revokeToken(input as never);
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
