import helmet from 'koa-helmet';
import type { Context, Middleware } from 'koa';

export interface SecurityHeadersOptions {
  siteUrl: string;
  /** Paths (and everything under them) that serve HTML documents to browsers: the API reference, the OAuth pages. */
  documentPaths: readonly string[];
}

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Sets the security headers of a request's answer (before anything else is written, so errors
 * carry them too). The headers of OWASP's REST Security Cheat Sheet on every API answer (JSON, images): a CSP that
 * allows nothing and no framing, nosniff, frame denial, no referrer, readable cross-origin, and
 * HSTS when the site is served over HTTPS. They are fixed, so they are computed once.
 *
 * The rest of helmet's set (opener and agent-cluster isolation, DNS prefetch, download options,
 * the document CSP that lets the reference load its own scripts and styles) only means something
 * to a browser rendering a page, so only the document paths get it, from helmet itself. Sending
 * all of it on every JSON answer doubled the size of a small response's header block and was a
 * measurable part of a cheap read's cost (bench/public-api).
 */
export function securityHeaders({
  siteUrl,
  documentPaths,
}: SecurityHeadersOptions): (ctx: Context) => Promise<void> | undefined {
  const https = siteUrl.startsWith('https:');
  const apiHeaders: Array<[string, string]> = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ];
  if (https) apiHeaders.push(['Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`]);

  const documentHeaders = helmet({
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
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
  const isDocument = (path: string) => documentPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

  const nothing = () => Promise.resolve();

  // Synchronous for API answers; only a document waits for helmet.
  return (ctx) => {
    if (isDocument(ctx.path)) return documentHeaders(ctx, nothing) as Promise<void>;
    const { res } = ctx;
    for (const [name, value] of apiHeaders) res.setHeader(name, value);
    return undefined;
  };
}
