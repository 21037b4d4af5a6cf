import { findBusiness } from '../../services/accounts/find-business.ts';
import { sampleData, triggerableEvent } from '../../services/webhooks/sample-event.ts';
import { insertSampleEvent } from '../../services/webhooks/sample-event.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZTriggerSampleEventInput, ZTriggerSampleEventOutput } from './trigger-sample-event.schema.ts';

/**
 * `npm run admin -- trigger <type> --business <slug>`: a realistic sample event of a catalogued
 * type for one business, marked `test: true` in its envelope, written to the outbox so that it
 * reaches the business's endpoints subscribed to the type and its event feed like a real one.
 * System only: an integrator asks the operator, or uses POST /v1/webhook-endpoints/{id}/test.
 */
export const triggerSampleEvent = systemProcedure
  .input(ZTriggerSampleEventInput)
  .output(ZTriggerSampleEventOutput)
  .mutation(async ({ ctx, input }) => {
    const event = triggerableEvent(input.type);
    const business = await findBusiness(ctx.em, input.business);
    const { entityId, data } = sampleData(event);
    const now = ctx.clock.now();
    const entity = { type: event.entityType, id: entityId };
    const stored = await insertSampleEvent(ctx.em, { businessId: business.id, type: event.type, entity, data, now });
    return {
      id: stored.id,
      type: event.type,
      business_id: business.id,
      entity,
      sequence: stored.sequence,
      test: true as const,
      created_at: now.toISOString(),
    };
  });
