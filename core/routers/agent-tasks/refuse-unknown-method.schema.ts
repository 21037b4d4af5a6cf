import { z } from 'zod';
import {
  ZA2aExchange,
  ZA2aHttpAnswer,
  ZIdempotencyKeyUse,
  ZWireRefusal,
} from '../../services/a2a/a2a-request.schema.ts';

export const ZRefuseUnknownMethodInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  /** The -32601 refusal, worded by the wire (it names the version's methods). */
  refusal: ZWireRefusal,
});

export const ZRefuseUnknownMethodOutput = ZA2aHttpAnswer;
