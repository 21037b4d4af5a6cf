import { z } from 'zod';
import { ZA2aExchange, ZWireRefusal } from '../../services/a2a/a2a-request.schema.ts';
import { ZStreamOpening } from '../../services/a2a/a2a-stream.schema.ts';

export const ZSubscribeToTaskInput = z.object({
  exchange: ZA2aExchange,
  params: z.union([
    z.object({ id: z.string(), lastEventId: z.number().int().min(0).optional() }),
    z.object({ invalid: ZWireRefusal }),
  ]),
});

export const ZSubscribeToTaskOutput = ZStreamOpening;
