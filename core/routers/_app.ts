import { createCallerFactory, router } from '../trpc.ts';
import { accountsRouter } from './accounts/router.ts';
import { agentRouter } from './agent/router.ts';
import { blogRouter } from './blog/router.ts';
import { discoveryRouter } from './discovery/router.ts';
import { directoryRouter } from './directory/router.ts';
import { eventsRouter } from './events/router.ts';
import { governmentRouter } from './government/router.ts';
import { healthRouter } from './health/router.ts';
import { infrastructureRouter } from './infrastructure/router.ts';
import { protocolsRouter } from './protocols/router.ts';
import { webhooksRouter } from './webhooks/router.ts';
import { workspaceRouter } from './workspace/router.ts';

/**
 * The domain areas first (their keys are callers' contract: `workspace` is /api/trpc's), then what
 * exists for one protocol (`protocols.<protocol>`) and the system's upkeep (`infrastructure`).
 */
export const appRouter = router({
  health: healthRouter,
  blog: blogRouter,
  government: governmentRouter,
  directory: directoryRouter,
  discovery: discoveryRouter,
  accounts: accountsRouter,
  workspace: workspaceRouter,
  webhooks: webhooksRouter,
  events: eventsRouter,
  agent: agentRouter,
  protocols: protocolsRouter,
  infrastructure: infrastructureRouter,
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
