import { z } from 'zod';
import { ZA2aHttpAnswer } from './a2a-request.schema.ts';
import type { StreamedEvent } from './follow-task-events.ts';

const isAsyncIterable = (value: unknown): value is AsyncIterable<StreamedEvent> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A streaming method's answer: a JSON-RPC answer (an error before any event), or its events. */
export const ZStreamOpening = z.union([
  z.object({ answer: ZA2aHttpAnswer }),
  z.object({
    stream: z.object({
      events: z.custom<AsyncIterable<StreamedEvent>>(isAsyncIterable, { message: 'expected an async iterable' }),
      /** How much of the task's history its snapshots carry (SendStreamingMessage's configuration.historyLength). */
      historyLength: z.number().int().min(0).optional(),
    }),
  }),
]);
