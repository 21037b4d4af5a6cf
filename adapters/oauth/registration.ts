import Router from '@koa/router';
import { noStore } from '../http/no-store.ts';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import type { HttpState } from '../http/state.ts';
import { writeOAuthError } from './oauth-error.ts';

/**
 * `POST {base_url}/oauth/register`: RFC 7591 dynamic client registration, answered 201 with the
 * client's metadata or RFC 7591's error body. Bodies reach here already parsed by the JSON body
 * middleware (which answers a non-JSON or malformed body itself, with an ErrorMessage).
 */
export function clientRegistrationRoutes({
  invoker,
  createContext,
  prefix,
}: ProcedureRoutesOptions): Router<HttpState> {
  const router = new Router<HttpState>({ prefix });
  router.post('/oauth/register', async (ctx) => {
    const context = createContext(requestFacts(ctx));
    try {
      const client = await invoker.call('protocols.oauth.clients.registerClient', ctx.state.body, context);
      ctx.set(context.response.headers);
      ctx.status = 201;
      noStore(ctx, { pragma: true });
      ctx.body = client;
    } catch (error) {
      writeOAuthError(ctx, error, { logRefusal: 'client registration refused' });
    }
  });
  return router;
}
