import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Context } from '../../core/context.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { HttpState } from '../http/state.ts';
import { writeOAuthError } from './oauth-error.ts';

/**
 * `POST {base_url}/oauth/register`: RFC 7591 dynamic client registration, answered 201 with the
 * client's metadata or RFC 7591's error body. Bodies reach here already parsed by the JSON body
 * middleware (which answers a non-JSON or malformed body itself, with an ErrorMessage).
 */
export function clientRegistrationRoutes(createContext: (ctx: ParameterizedContext<HttpState>) => Context, prefix: string): Router<HttpState> {
  const router = new Router<HttpState>({ prefix });
  router.post('/oauth/register', async (ctx) => {
    const context = createContext(ctx);
    try {
      const client = await createCaller(context).oauthClients.registerClient(ctx.state.body as never);
      ctx.set(context.response.headers);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Pragma', 'no-cache');
      ctx.body = client;
    } catch (error) {
      writeOAuthError(ctx, error);
    }
  });
  return router;
}
