import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZHistoryLength,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';
import { LISTABLE_STATES, MAX_PAGE_SIZE } from '../../services/a2a/list-tasks.ts';

export const ZListTasksInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  // The refusal first: every list param is optional, so the params' object would read a refusal as {}.
  params: z.union([
    z.object({ invalid: ZWireRefusal }),
    z.object({
      contextId: z.string().min(1).max(200).optional(),
      status: z.enum(LISTABLE_STATES).optional(),
      pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
      pageToken: z.string().max(1000).optional(),
      historyLength: ZHistoryLength,
      statusTimestampAfter: z.iso.datetime({ offset: true }).optional(),
      includeArtifacts: z.boolean().optional(),
    }),
  ]),
});

export const ZListTasksOutput = ZA2aHttpAnswer;
