import { checkoutSessionSweepBefore } from '../../services/ucp/checkout-session.ts';
import { deleteExpiredCheckoutSessions } from '../../services/ucp/checkout-sessions.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZDeleteExpiredSessionsInput, ZDeleteExpiredSessionsOutput } from './delete-expired-sessions.schema.ts';

/**
 * Deletes checkout sessions that expired unpaid more than 7 days ago (CHECKOUT_SESSION_RETENTION_DAYS),
 * at most `limit` per call (the sweeper calls it until fewer come back). Paid sessions are kept. System only.
 */
export const deleteExpiredSessions = systemProcedure
  .input(ZDeleteExpiredSessionsInput)
  .output(ZDeleteExpiredSessionsOutput)
  .mutation(async ({ ctx, input }) => ({
    deleted: await deleteExpiredCheckoutSessions(ctx.sql, checkoutSessionSweepBefore(ctx.clock.now()), input.limit),
  }));
