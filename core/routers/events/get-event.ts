import { AppError } from '../../errors/index.ts';
import { feedEnvelope } from '../../services/events/feed-envelope.ts';
import { findFeedEvent } from '../../services/events/feed.query.ts';
import { eventFeedProcedure } from '../../trpc.ts';
import { ZGetEventInput, ZGetEventOutput } from './get-event.schema.ts';

export const getEvent = eventFeedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/events/{id}',
      operationId: 'events-get',
      tags: ['Events'],
      summary: 'Get one event',
      description:
        'One event of the business (kept 30 days), exactly the body its webhook deliveries carry. Needs a workspace ' +
        'API token with the scope events:read.',
      errorResponses: { 404: 'No such event in this business (RESOURCE_NOT_FOUND).' },
    },
    rest: { credential: 'workspace_api_token' },
  })
  .input(ZGetEventInput)
  .output(ZGetEventOutput)
  .query(async ({ ctx, input }) => {
    const row = await findFeedEvent(ctx.sql, ctx.businessId, input.id);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No event ${input.id} in this business.`);
    return feedEnvelope(row);
  });
