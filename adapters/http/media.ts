import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { SiteUrls } from '../../core/context.ts';
import type { createCaller } from '../../core/routers/_app.ts';
import type { HttpState } from './state.ts';

export type CallerFor = (ctx: ParameterizedContext<HttpState>) => ReturnType<typeof createCaller>;

/**
 * Binary endpoints (media bytes), which trpc-to-openapi's JSON handler cannot answer: served
 * here through the procedure caller.
 */
export function mediaRoutes(_callerFor: CallerFor, prefix: string): Router<HttpState> {
  return new Router<HttpState>({ prefix });
}

/** The OpenAPI description of the binary endpoints, merged into the generated document. */
export function mediaOpenApiPaths(_urls: SiteUrls): ZodOpenApiPathsObject {
  return {};
}
