import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Context } from '../../core/context.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { HttpState } from '../http/state.ts';
import { authorizationScheme, readOAuthForm } from './form-body.ts';
import { writeOAuthError } from './oauth-error.ts';

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

/** Token responses and errors carry credentials or reveal their state: never stored (RFC 6749 section 5.1). */
export function noStore(ctx: ParameterizedContext<HttpState>): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}

/**
 * `POST {base_url}/oauth/token` (RFC 6749 sections 3.2, 4.1.3 and 6): reads the form, hands its
 * parameters and any Authorization header's scheme to the token procedure, and answers its token
 * response as JSON, or RFC 6749's error body (`{error, error_description}`; 401 for
 * invalid_client, 429 with Retry-After when the client address is over its budget).
 */
export function tokenRoutes(createContext: (ctx: ParameterizedContext<HttpState>) => Context, prefix: string): Router<HttpState> {
  const router = new Router<HttpState>({ prefix });
  router.post('/oauth/token', async (ctx) => {
    const context = createContext(ctx);
    try {
      const form = await readOAuthForm(ctx, ['resource']);
      const input: Record<string, unknown> = { client_authentication_scheme: authorizationScheme(ctx), resource: form.repeated.resource };
      for (const name of TOKEN_PARAMETERS) input[name] = form.single[name];
      const tokens = await createCaller(context).oauthTokens.exchangeToken(input as never);
      ctx.set(context.response.headers);
      ctx.status = 200;
      ctx.body = tokens;
    } catch (error) {
      ctx.set(context.response.headers);
      writeOAuthError(ctx, error, { validationError: 'invalid_request' });
    }
    noStore(ctx);
  });
  return router;
}
