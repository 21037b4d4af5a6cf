import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';
import { ZPushConfigRef } from '../../services/a2a/push/push-config.schema.ts';

export const ZDeletePushConfigInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  params: z.union([ZPushConfigRef, z.object({ invalid: ZWireRefusal })]),
});

export const ZDeletePushConfigOutput = ZA2aHttpAnswer;
