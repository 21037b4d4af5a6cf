import { createCallerFactory, router } from '../trpc.ts';
import { accountsRouter } from './accounts/router.ts';
import { agentRouter } from './agent/router.ts';
import { agentTasksRouter } from './agent-tasks/router.ts';
import { blogRouter } from './blog/router.ts';
import { demoRouter } from './demo/router.ts';
import { discoveryRouter } from './discovery/router.ts';
import { directoryRouter } from './directory/router.ts';
import { governmentRouter } from './government/router.ts';
import { healthRouter } from './health/router.ts';
import { idempotencyRouter } from './idempotency/router.ts';
import { oauthAuthorizeRouter } from './oauth-authorize/router.ts';
import { oauthClientsRouter } from './oauth-clients/router.ts';
import { oauthGrantsRouter } from './oauth-grants/router.ts';
import { oauthTokensRouter } from './oauth-tokens/router.ts';
import { oauthRouter } from './oauth/router.ts';
import { operationsRouter } from './operations/router.ts';
import { ucpRouter } from './ucp/router.ts';
import { paymentsRouter } from './payments/router.ts';
import { webhookDeliveryRouter } from './webhook-delivery/router.ts';
import { webhooksRouter } from './webhooks/router.ts';
import { workspaceRouter } from './workspace/router.ts';

export const appRouter = router({
  health: healthRouter,
  blog: blogRouter,
  government: governmentRouter,
  directory: directoryRouter,
  discovery: discoveryRouter,
  accounts: accountsRouter,
  workspace: workspaceRouter,
  webhooks: webhooksRouter,
  demo: demoRouter,
  oauthClients: oauthClientsRouter,
  oauth: oauthRouter,
  oauthTokens: oauthTokensRouter,
  oauthGrants: oauthGrantsRouter,
  oauthAuthorize: oauthAuthorizeRouter,
  idempotency: idempotencyRouter,
  agent: agentRouter,
  agentTasks: agentTasksRouter,
  ucp: ucpRouter,
  payments: paymentsRouter,
  webhookDelivery: webhookDeliveryRouter,
  operations: operationsRouter,
});

/**
 * Every procedure: what scripts call in process and what the REST and MCP adapters map. `/api/trpc`
 * serves only a part of it (internal-api.ts, `InternalApiRouter` for typed clients).
 */
export type AppRouter = typeof appRouter;

// The invoker's default router (core/procedures/invoker.ts): adapters type their calls by it.
declare module '../procedures/invoker.ts' {
  interface InvokerRegister {
    router: AppRouter;
  }
}

/** The in-process procedure caller used by scripts, tests and the JSON-RPC adapters. */
export const createCaller = createCallerFactory(appRouter);
