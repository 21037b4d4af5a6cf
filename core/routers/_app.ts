import { createCallerFactory, router } from '../trpc.ts';
import { healthRouter } from './health/router.ts';

export const appRouter = router({
  health: healthRouter,
});

/** The type internal TypeScript clients import for end-to-end types (`createTRPCClient<AppRouter>`). */
export type AppRouter = typeof appRouter;

/** The in-process procedure caller used by scripts, tests and the JSON-RPC adapters. */
export const createCaller = createCallerFactory(appRouter);
