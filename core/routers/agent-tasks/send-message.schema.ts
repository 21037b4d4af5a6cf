import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZIdempotencyKeyUse,
  ZIncomingMessage,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';

export const ZSendMessageInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  params: z.union([ZIncomingMessage, z.object({ invalid: ZWireRefusal })]),
});

export const ZSendMessageOutput = ZA2aHttpAnswer;
