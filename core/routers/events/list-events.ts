import { feedRequest } from '../../services/events/feed-request.ts';
import { readEventFeed } from '../../services/events/read-event-feed.ts';
import { eventFeedProcedure } from '../../trpc.ts';
import { typeList, ZListEventsInput, ZListEventsOutput } from './list-events.schema.ts';

export const listEvents = eventFeedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/v1/events',
      operationId: 'events-list',
      tags: ['Events'],
      summary: "List the business's events, in commit order (long polling with wait)",
      description:
        'Every event of the business kept 30 days, oldest first in the order their transactions committed, each ' +
        'exactly the body its webhook deliveries carry. Continue with `after` = the previous `next_cursor`; ' +
        '`after=now` starts at the events committed from now on. With `wait`, a request that finds nothing holds ' +
        'until an event is committed or the wait ends. Needs a workspace API token with the scope events:read.',
      errorResponses: {
        400: 'A malformed or foreign cursor (EVENT_CURSOR_INVALID), an unknown type, or a bad limit, wait or instant (VALIDATION_FAILED).',
        429: 'Too many long polls of the business held open at once (RATE_LIMITED, Retry-After).',
      },
    },
    rest: { credential: 'workspace_api_token' },
    skill: {
      id: 'list-events',
      name: 'List the business’s events',
      description:
        "The authenticated caller's business events (an A2A token with a2a:tasks), in commit order, exactly as GET " +
        '/v1/events answers them: `after` (the previous `next_cursor`, or `now`), `types` (comma-separated event ' +
        'types), `since`, `until`, `limit` (1-100) and `wait` (0-30 seconds of long polling).',
      tags: ['events', 'webhooks', 'workspace'],
      authenticatedOnly: true,
      examples: ['List my business events', 'What happened in my workspace since my last cursor?'],
      summarize: (output: { items: unknown[] }) =>
        `${output.items.length} event${output.items.length === 1 ? '' : 's'}; continue with next_cursor.`,
    },
  })
  .input(ZListEventsInput)
  .output(ZListEventsOutput)
  .query(({ ctx, input }) =>
    readEventFeed(
      { sql: ctx.sql, waits: ctx.services.eventFeedWaits },
      feedRequest(
        ctx.businessId,
        { ...input, types: input.types === undefined ? undefined : typeList(input.types) },
        ctx.clientGone,
      ),
    ),
  );
