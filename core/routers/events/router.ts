import { router } from '../../trpc.ts';
import { getEvent } from './get-event.ts';
import { listEventsTool } from './list-events-tool.ts';
import { listEvents } from './list-events.ts';

/** The event feed for workspace API tokens (REST under /v1/events, and /api/trpc as `events.*`). */
export const eventFeedRouter = router({ listEvents, getEvent });

/** Every procedure of the feed: the above, and the opt-in MCP tool `list-events`. */
export const eventsRouter = router({ listEvents, getEvent, listEventsTool });
