import { z } from 'zod';
import { webhookEventTypes } from '../../services/webhooks/event-catalogue.ts';
import { ZFeedEvent } from './event-envelope.schema.ts';

/** The most types one request may filter on: more than the catalogue holds, so only a bound on the string. */
const MAX_TYPES_LENGTH = 2000;

const ZInstant = z.iso.datetime({ offset: true });

/** `a,b,c` -> the types, trimmed and without repeats. */
export function typeList(types: string): string[] {
  return [...new Set(types.split(',').map((type) => type.trim()))].filter((type) => type.length > 0);
}

export const ZListEventsInput = z.object({
  after: z
    .string()
    .min(1)
    .max(200)
    .describe(
      'Where to continue: the `next_cursor` of the previous answer, or `now` for only the events committed from now on. Omit it to start at the oldest event kept (30 days).',
    )
    .optional(),
  types: z
    .string()
    .max(MAX_TYPES_LENGTH)
    .refine((types) => typeList(types).every((type) => webhookEventTypes.includes(type)), {
      error: `expected a comma-separated list of event types: ${webhookEventTypes.join(', ')}`,
    })
    .describe('Only these event types, comma-separated (GET /v1/webhook-endpoints/event-types lists them).')
    .optional(),
  since: ZInstant.describe('Only events created at or after this instant (ISO 8601).').optional(),
  until: ZInstant.describe('Only events created before this instant (ISO 8601).').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Events per answer, 1 to 100 (default 25).'),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(30)
    .default(0)
    .describe(
      'Long polling: when there is no event to answer, hold the request up to this many seconds (0 to 30, default 0) and answer as soon as one is committed.',
    ),
});

export const ZListEventsOutput = z.object({
  items: z.array(ZFeedEvent).describe('The events after `after`, in commit order.'),
  next_cursor: z.string().describe('Pass it as `after` to continue; always set, also when `items` is empty.'),
});
