import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';
import { ZPushConfigList } from '../../services/a2a/push/push-config.schema.ts';

export const ZListPushConfigsInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  params: z.union([ZPushConfigList, z.object({ invalid: ZWireRefusal })]),
});

export const ZListPushConfigsOutput = ZA2aHttpAnswer;
