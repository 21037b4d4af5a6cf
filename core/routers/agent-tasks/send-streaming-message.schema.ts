import { z } from 'zod';
import { ZA2aExchange, ZIncomingMessage, ZWireRefusal } from '../../services/a2a/a2a-request.schema.ts';
import { ZStreamOpening } from '../../services/a2a/a2a-stream.schema.ts';

export const ZSendStreamingMessageInput = z.object({
  exchange: ZA2aExchange,
  params: z.union([ZIncomingMessage, z.object({ invalid: ZWireRefusal })]),
});

export const ZSendStreamingMessageOutput = ZStreamOpening;
