import type { Middleware } from 'koa';
import type { SiteUrls } from '../../../core/context.ts';
import type { Logger } from '../../../core/logger.ts';
import type { ArrivalFacts } from '../site-urls.ts';
import { respondWithError } from '../error-response.ts';
import type { HttpState } from '../state.ts';
import { crossOrigin } from './cross-origin.ts';
import { answerConditionally } from './http-caching.ts';
import { requestScope } from './request-scope.ts';
import { securityHeaders, type SecurityHeadersOptions } from './security-headers.ts';
import { throwIfUnanswered } from './unanswered.ts';

export interface EnvelopeOptions extends SecurityHeadersOptions {
  log: Logger;
  /** The site URLs of a request (siteUrlsResolver). */
  siteUrls: (arrival: ArrivalFacts) => SiteUrls;
}

/**
 * Every request's outer layer: its id and log line, the security and CORS headers, conditional
 * GET, and one error shape for everything below (a request nothing answered becomes
 * ROUTE_NOT_FOUND or METHOD_NOT_ALLOWED). One async frame for all of them: as five Koa layers
 * they cost a cheap read a fifth of its CPU in promise and dispatch overhead (bench/public-api).
 *
 * Order matters: headers first (an error answer carries them too), then the layers below, then
 * the caching check on what they answered; errors are answered last, and logged with the line.
 */
export function envelope({ log, siteUrls, ...headerOptions }: EnvelopeOptions): Middleware<HttpState> {
  const scope = requestScope(log, siteUrls);
  const setSecurityHeaders = securityHeaders(headerOptions);
  return async (ctx, next) => {
    const started = scope.open(ctx);
    try {
      const documentHeaders = setSecurityHeaders(ctx);
      if (documentHeaders) await documentHeaders;
      await crossOrigin(ctx, next);
      throwIfUnanswered(ctx);
      answerConditionally(ctx);
    } catch (error) {
      respondWithError(ctx, error);
    } finally {
      scope.close(ctx, started);
    }
  };
}
