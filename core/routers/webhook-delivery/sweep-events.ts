import { deleteOldOutboxEvents } from '../../services/events/feed.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSweepEventsInput, ZSweepEventsOutput } from './sweep-events.schema.ts';

/** How long outbox events are kept, and so how far back the event feed reaches: 30 days. */
const EVENT_RETENTION_MS = 30 * 86_400_000;

/**
 * Deletes outbox events older than the retention that have been published (fanned out to their
 * deliveries), at most `limit` per call (the sweeper repeats it). System only.
 */
export const sweepEvents = systemProcedure
  .input(ZSweepEventsInput)
  .output(ZSweepEventsOutput)
  .mutation(async ({ ctx, input }) => ({
    deleted: await deleteOldOutboxEvents(ctx.em, new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS), input.limit),
  }));
