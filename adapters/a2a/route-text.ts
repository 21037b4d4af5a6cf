import type { Context } from '../../core/context.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';

/**
 * What the text router (the procedure agent.interpretMessage, core/services/agent/) answers for a
 * free-text message: the skill and its arguments, or what it needs to know to choose. Typed here
 * by its contract so the adapter depends on the answer's shape, not on the router's code.
 */
export type TextRoute = { skill: string; arguments: Record<string, unknown> } | { needs: string };

/** Routes free text to a skill through the router procedure, with the request's context. */
export async function routeText(text: string, context: Context, invoker: ProcedureInvoker): Promise<TextRoute> {
  return (await invoker.callPath('agent.interpretMessage', { text }, context)) as TextRoute;
}
