import { reconcilePending as reconcile } from '../../services/purchase/reconcile-pending.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZReconcilePendingInput, ZReconcilePendingOutput } from './reconcile-pending.schema.ts';

/**
 * One pass of settlement recovery (core/services/purchase/reconcile-pending.ts): the periodic
 * reconciler and `npm run admin -- reconcile-payments` call it. System only.
 */
export const reconcilePending = systemProcedure
  .input(ZReconcilePendingInput)
  .output(ZReconcilePendingOutput)
  .mutation(({ ctx, input }) => reconcile(ctx, { limit: input.limit, includeNotDue: input.include_not_due }));
