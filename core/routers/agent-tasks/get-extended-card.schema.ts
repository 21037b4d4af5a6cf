import { z } from 'zod';
import { ZA2aExchange, ZA2aHttpAnswer, ZIdempotencyKeyUse } from '../../services/a2a/a2a-request.schema.ts';

export const ZGetExtendedCardInput = z.object({
  exchange: ZA2aExchange,
  idempotency: ZIdempotencyKeyUse.optional(),
  /** The extended card as the adapter builds it (one builder, with the public card's): answered as it is. */
  card: z.record(z.string(), z.unknown()),
});

export const ZGetExtendedCardOutput = ZA2aHttpAnswer;
