import { feedRequest } from '../../services/events/feed-request.ts';
import { readEventFeed } from '../../services/events/read-event-feed.ts';
import { tenantProcedure } from '../../trpc.ts';
import { typeList, ZListEventsInput, ZListEventsOutput } from './list-events.schema.ts';

/**
 * The feed as an MCP tool, outside the default catalogue (the specification fixes that at 45 reads
 * and 2 writes): a connection sees it only when it asks for the `events` toolset or the tool by name.
 * The same service as GET /v1/events, for the connection's business, with mcp:read.
 */
export const listEventsTool = tenantProcedure
  .meta({
    tool: {
      name: 'list-events',
      title: 'List business events',
      description:
        "The business's events (customers, jobs and the rest created or changed), oldest first in commit order, each " +
        'exactly as a webhook delivers it. Pass `after` = the previous next_cursor to continue, or `now` to see only ' +
        'what happens from now on; `types` filters (comma-separated), `wait` (0-30 s) holds the call until an event ' +
        'comes when there is none.',
      access: 'read',
      toolset: 'events',
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
