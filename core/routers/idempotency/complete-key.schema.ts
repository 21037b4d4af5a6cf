import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { IDEMPOTENCY_MAX_STORED_BODY } from '../../services/idempotency/policy.ts';
import { ZAgentTaskId } from '../../services/agent-tasks/agent-task.schema.ts';
import { ZIdempotencyKey, ZIdempotencyScope } from './claim-key.schema.ts';

// RFC 9110 field names (tokens) and values (no CR, LF or NUL; the transport's own values never have them).
const ZHeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, { message: 'expected a header name' });
const ZHeaderValue = z.string().regex(/^[^\r\n\0]{0,8192}$/, { message: 'expected a header value' });

export const ZCompleteKeyInput = z
  .object({
    scope: ZIdempotencyScope,
    key: ZIdempotencyKey,
    claim_token: z.uuid(),
    status: z
      .number()
      .int()
      .min(100)
      .max(499)
      .describe("The answer's status; 5xx answers are never stored (release the key instead)."),
    headers: z
      .record(ZHeaderName, ZHeaderValue)
      .refine((headers) => Object.keys(headers).length <= 50, { message: 'at most 50 headers' })
      .describe("The answer's headers; only its own (Content-Type, Location, ...) are kept, never a budget's."),
    body: z.string().max(IDEMPOTENCY_MAX_STORED_BODY).check(noNul()).optional(),
    task_id: ZAgentTaskId.optional().describe('The stored A2A task the answer was, instead of its body: kept once.'),
  })
  .refine((input) => (input.body === undefined) !== (input.task_id === undefined), {
    message: 'send the answer as either body or task_id',
  });

export const ZCompleteKeyOutput = z.object({
  stored: z
    .boolean()
    .describe('False when the claim no longer held the key (its lease ran out and another request took it over).'),
});
