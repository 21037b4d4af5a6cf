import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * helmet's defaults (nosniff, frame denial, referrer policy, a strict CSP that the docs page
 * satisfies with same-origin scripts) on every response. HSTS only when the site is served over HTTPS.
 */
export function securityHeaders(siteUrl: string): Middleware {
  const https = siteUrl.startsWith('https:');
  return helmet({
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  }) as Middleware;
}
