import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';

export const ZCancelTaskInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  params: z.union([z.object({ id: z.string() }), z.object({ invalid: ZWireRefusal })]),
});

export const ZCancelTaskOutput = ZA2aHttpAnswer;
