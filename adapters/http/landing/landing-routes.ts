import Router from '@koa/router';
import { AppError } from '../../../core/errors/index.ts';
import type { ProcedureAccess } from '../procedure-access.ts';
import { requestFacts } from '../request-facts.ts';
import type { HttpState } from '../state.ts';
import { LANDING_CSP, renderLandingPage, type LandingFacts, type LandingIndex } from './landing-page.ts';

const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html';

/**
 * GET {site_url}/: the discovery index (discovery.getDiscoveryIndex) as JSON, or the same index as
 * an HTML page for a browser. Content negotiation on Accept: JSON when the client names no
 * preference (curl, agents), HTML when text/html is preferred, 406 when neither is acceptable;
 * `Vary: Accept` on every answer so a cache keeps the two apart.
 */
export function landingRoutes({ invoker, createContext }: ProcedureAccess, facts: LandingFacts): Router<HttpState> {
  const router = new Router<HttpState>();
  router.get('/', async (ctx) => {
    ctx.vary('Accept');
    const chosen = ctx.accepts(JSON_TYPE, HTML_TYPE);
    if (chosen === false) throw new AppError('NOT_ACCEPTABLE', 'This page is served as application/json or text/html.');
    const context = createContext(requestFacts(ctx));
    const index = await invoker.call('discovery.getDiscoveryIndex', undefined, context);
    ctx.status = 200;
    ctx.set(context.response.headers);
    if (chosen === JSON_TYPE) {
      ctx.type = JSON_TYPE;
      ctx.body = JSON.stringify(index);
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', LANDING_CSP);
    ctx.body = renderLandingPage(index as LandingIndex, facts);
  });
  return router;
}
