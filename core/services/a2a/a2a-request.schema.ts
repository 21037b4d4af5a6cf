import { z } from 'zod';
import type { ErrorMessage } from '../../errors/index.ts';
import { ZAgentMessage } from '../agent-tasks/agent-task.schema.ts';
import { ZMessagePushConfig } from './push/push-config.schema.ts';

/**
 * What the A2A procedures share in their input: the exchange, the Idempotency-Key as the adapter
 * read it, and a params refusal the adapter's wire already wrote as an ErrorMessage (taken as it
 * is: its bytes are the answer's).
 */
export const ZA2aExchange = z.object({
  version: z.enum(['0.3', '1.0']),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string(),
});

export const ZIdempotencyKeyUse = z.object({
  scope: z.string(),
  key: z.string().min(1).max(128),
  fingerprint: z.string().nullable(),
});

export const ZWireRefusal = z.custom<ErrorMessage>(
  (value) => typeof value === 'object' && value !== null && 'code' in value && 'message' in value,
  { message: 'expected an ErrorMessage' },
);

export const ZHistoryLength = z.number().int().min(0).optional();

/** A client's message in the neutral shape the wires read it into. */
export const ZIncomingMessage = z.object({
  message: ZAgentMessage,
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  historyLength: ZHistoryLength,
  pushConfig: ZMessagePushConfig.optional(),
});

/** An A2A answer as HTTP, written in the request's wire. */
export const ZA2aHttpAnswer = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  errorCode: z.string().optional(),
});
