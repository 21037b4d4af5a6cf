import type { Context } from '../../context.ts';
import type { ErrorMessage } from '../../errors/index.ts';

/**
 * Runs the A2A skills (the composition root fills it with the procedures that carry `skill` meta,
 * called through the invoker on the request's own context): a skill's own budget, validation and
 * RateLimit headers are exactly its REST procedure's.
 */
export interface SkillRunner {
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
    context: Context,
  ): Promise<{ invalid: ErrorMessage } | { output: unknown; summary: string }>;
}
