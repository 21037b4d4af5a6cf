import type { ParameterizedContext } from 'koa';
import type { SiteUrls } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';

/** What the HTTP middleware stack puts on ctx.state for the layers below it. */
export interface HttpState {
  requestId: string;
  log: Logger;
  /** The site URLs this request is answered with (site-urls.ts): the service's own, or a loopback alias in development. */
  urls: SiteUrls;
  /** The parsed JSON request body, when there was one. */
  body?: unknown;
  /** For the metrics: what a protocol adapter ran (an MCP tool or method, an A2A method), a known name only. */
  operation?: string;
  /** For the metrics: the catalogue code of the error this request was answered with, where the body does not show it. */
  errorCode?: string;
}

/** A Koa request context of this app: every adapter handler and middleware takes this one type. */
export type KoaCtx = ParameterizedContext<HttpState>;
