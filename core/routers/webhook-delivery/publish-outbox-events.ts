import { publishOutboxEvents as publish } from '../../services/webhooks/outbox-publish.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZPublishOutboxEventsInput, ZPublishOutboxEventsOutput } from './publish-outbox-events.schema.ts';

/** Fans unpublished outbox events out into deliveries for the subscribed endpoints of their business. System only (the worker). */
export const publishOutboxEvents = systemProcedure
  .input(ZPublishOutboxEventsInput)
  .output(ZPublishOutboxEventsOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    return publish(ctx.em, now, new Date(now.getTime() + input.first_delay_ms), input.limit);
  });
