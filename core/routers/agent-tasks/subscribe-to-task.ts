import { answered } from '../../services/a2a/stream-opening.ts';
import { subscribeToTask as openSubscription } from '../../services/a2a/subscribe-to-task.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZSubscribeToTaskInput, ZSubscribeToTaskOutput } from './subscribe-to-task.schema.ts';

/**
 * A2A tasks/resubscribe (0.3) and SubscribeToTask (1.0) in one crossing: the events of a task the
 * caller may see, from its snapshot or from the client's Last-Event-ID, until it ends. Counted
 * against the client's A2A budget, then against the bound on open streams; it stores nothing.
 * Reached only through the invoker (the A2A adapter).
 */
export const subscribeToTask = agentKeyedStoringProcedure
  .input(ZSubscribeToTaskInput)
  .output(ZSubscribeToTaskOutput)
  .mutation(async ({ ctx, input, signal }) => {
    const { params, exchange } = input;
    if ('invalid' in params)
      return answered(ctx, exchange, { kind: 'error', error: params.invalid, status: 200, headers: {} });
    return openSubscription(params, ctx, exchange, signal);
  });
