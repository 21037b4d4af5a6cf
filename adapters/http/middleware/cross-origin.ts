import corsMiddleware from '@koa/cors';
import type { Context, Next } from 'koa';

// Exposed to browser scripts: WWW-Authenticate carries the MCP resource's OAuth discovery link
// (RFC 9728), Location the URL of a created resource, Deprecation, Sunset and Link the notice of a
// deprecated operation (the versioning policy), PAYMENT-REQUIRED and PAYMENT-RESPONSE the x402 terms
// and settlement of the paid reference, besides the ids, validators and limits.
// The headers are set before the layers below run and the envelope answers errors without
// resetting them, so error answers carry them too and cors need not copy them onto errors.
const cors = corsMiddleware({
  origin: '*',
  exposeHeaders: [
    'X-Request-Id',
    'ETag',
    'Retry-After',
    'RateLimit',
    'RateLimit-Policy',
    'Allow',
    'WWW-Authenticate',
    'Location',
    'Deprecation',
    'Sunset',
    'Link',
    'PAYMENT-REQUIRED',
    'PAYMENT-RESPONSE',
  ],
  maxAge: 600,
  keepHeadersOnError: false,
});

/**
 * Any origin may read every answer (the API is public, and its credentials are bearer tokens, never
 * cookies). The CORS headers go only to requests that carry an Origin, as the Fetch standard has
 * browsers send on every cross-origin request: servers, scripts and agents never read them, and a
 * request without one goes straight on. `Vary: Origin` is always sent, so a shared cache keeps the
 * two kinds of answer apart. A preflight is answered here (204) without going on.
 */
export function crossOrigin(ctx: Context, next: Next): Promise<unknown> {
  if (ctx.get('Origin')) return cors(ctx, next);
  ctx.vary('Origin');
  return next();
}
