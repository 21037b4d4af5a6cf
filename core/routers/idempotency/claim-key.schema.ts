import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../../services/idempotency/policy.ts';
import { ZAgentTask } from '../../services/agent-tasks/agent-task.schema.ts';

/** Which endpoint a key belongs to ("POST /api/v1/agent/a2a"): keys are scoped per owner and endpoint. */
export const ZIdempotencyScope = z
  .string()
  .regex(/^[\x20-\x7e]{1,200}$/, { message: 'expected 1 to 200 printable ASCII characters' })
  .describe('The endpoint the key belongs to, e.g. "POST /api/v1/agent/a2a", plus any partition of its key space.');

/** The Idempotency-Key header's value; the transport has checked it already (this is the second line). */
export const ZIdempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, { message: 'expected 1 to 128 visible ASCII characters (0x21 to 0x7E)' });

export const ZClaimKeyInput = z.object({
  scope: ZIdempotencyScope,
  key: ZIdempotencyKey,
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { message: 'expected a hex SHA-256' })
    .describe('Hex SHA-256 of the request: method, path and query, the headers that matter, the canonical JSON body.'),
});

export const ZClaimKeyOutput = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('execute'),
    claim_token: z.uuid().describe('Hand it to completeKey or releaseKey: only this claim may finish the key.'),
  }),
  z.object({
    outcome: z.literal('replay'),
    status: z.number().int(),
    headers: z
      .record(z.string(), z.string())
      .describe("The answer's own headers (never a budget's: see answerHeaders)."),
    body: z.string().nullable().describe('The stored answer body, exactly as first sent; null when `task` is given.'),
    task: ZAgentTask.nullable().describe(
      'The stored A2A task the answer was; the transport writes the answer from it.',
    ),
  }),
]);
