import type { ErrorMessage } from '../../errors/index.ts';

/**
 * Runs the A2A skills (the composition root fills it with the procedures that carry `skill` meta,
 * called through the invoker on the request's own context): a skill's own budget, validation and
 * RateLimit headers are exactly its REST procedure's. `TContext` is the request's context, handed
 * back untouched to the skill's procedure: the implementation names it (core/context.ts's Context);
 * CoreServices, which holds the port and is part of that context, keeps it opaque, so the context
 * and the services do not import each other.
 */
export interface SkillRunner<TContext extends object = object> {
  /** The skill ids, in the card's order. */
  readonly skillIds: readonly string[];
  has(id: string): boolean;
  /**
   * Runs a skill with its arguments: `invalid` when they do not fit its strict input schema (nothing
   * ran), else the procedure's output and the skill's one-line summary of it. The procedure's own
   * errors are thrown as the invoker throws them.
   */
  run(
    id: string,
    args: Record<string, unknown>,
    context: TContext,
  ): Promise<{ invalid: ErrorMessage } | { output: unknown; summary: string }>;
}
