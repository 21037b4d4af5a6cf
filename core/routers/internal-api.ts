import { router } from '../trpc.ts';
import { directoryClaimsRouter } from './directory/claims/router.ts';
import { eventFeedRouter } from './events/router.ts';
import { healthRouter } from './health/router.ts';
import { webhooksRouter } from './webhooks/router.ts';
import { workspaceRouter } from './workspace/router.ts';

/**
 * What `/api/trpc` serves: the procedures of internal TypeScript clients, authenticated with
 * workspace API tokens (the workspace, and webhook endpoint management with webhooks:manage, the event feed with events:read), and the health check. Everything else stays off that endpoint on purpose:
 * the OAuth form, token, registration and grant procedures belong to their own endpoints (a browser
 * form, RFC 6749 requests), the public reads to the REST API (caching, budgets, OpenAPI), and the
 * system procedures (accounts, demo, seeding, key rotation) to scripts through the in-process caller.
 * A procedure that is not here answers tRPC's NOT_FOUND (404 ROUTE_NOT_FOUND), like an unknown one.
 */
export const internalApiRouter = router({
  health: healthRouter,
  workspace: workspaceRouter,
  webhooks: webhooksRouter,
  events: eventFeedRouter,
  // Directory claims and claimed listings (workspace:read / workspace:write); the public directory stays REST.
  directory: router({ claims: directoryClaimsRouter }),
});

/** The type internal TypeScript clients import: `createTRPCClient<InternalApiRouter>`. */
export type InternalApiRouter = typeof internalApiRouter;
