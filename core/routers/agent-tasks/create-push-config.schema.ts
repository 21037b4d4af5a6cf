import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';
import { ZPushConfigInput } from '../../services/a2a/push/push-config.schema.ts';

export const ZCreatePushConfigInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  params: z.union([ZPushConfigInput, z.object({ invalid: ZWireRefusal })]),
});

export const ZCreatePushConfigOutput = ZA2aHttpAnswer;
