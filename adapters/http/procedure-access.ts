import type { ContextFactory } from '../../core/context.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';

/**
 * What an adapter needs to run procedures for its requests, handed down from the composition root
 * through createApp: the invoker, and the factory of a request's context (`createContext(requestFacts(ctx))`).
 * Adapters never build either themselves.
 */
export interface ProcedureAccess {
  invoker: ProcedureInvoker;
  createContext: ContextFactory;
}

/** The same, for route modules mounted under a prefix ({base_url}'s path, "/api"). */
export interface ProcedureRoutesOptions extends ProcedureAccess {
  prefix: string;
}
