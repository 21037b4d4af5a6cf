import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZHistoryLength,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';

export const ZGetTaskInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  params: z.union([z.object({ id: z.string(), historyLength: ZHistoryLength }), z.object({ invalid: ZWireRefusal })]),
});

export const ZGetTaskOutput = ZA2aHttpAnswer;
