import type { FeedFilter } from './feed.query.ts';
import type { EventFeedRequest } from './read-event-feed.ts';

/** The feed's parameters as every transport takes them (REST query, MCP tool, A2A skill), after parsing. */
export interface FeedParameters {
  after?: string | undefined;
  /** Already split and checked against the catalogue. */
  types?: readonly string[] | undefined;
  since?: string | undefined;
  until?: string | undefined;
  limit: number;
  /** Seconds. */
  wait: number;
}

/** One request of the feed for a business, from its parameters. */
export function feedRequest(
  businessId: string,
  input: FeedParameters,
  signal: AbortSignal | undefined,
): EventFeedRequest {
  const filter: FeedFilter = {
    types: input.types,
    since: input.since === undefined ? undefined : new Date(input.since),
    until: input.until === undefined ? undefined : new Date(input.until),
  };
  return { businessId, after: input.after, filter, limit: input.limit, waitMs: input.wait * 1000, signal };
}
