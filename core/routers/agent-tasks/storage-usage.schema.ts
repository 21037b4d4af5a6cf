import { z } from 'zod';

export const ZStorageUsageInput = z.void();

export const ZStorageUsageOutput = z.object({
  tables: z.array(
    z.object({
      table: z.enum(['agent_tasks', 'idempotency_keys']),
      rows: z.number().int(),
      answer_bytes: z
        .number()
        .describe('The answer columns as stored (tasks: history and artifacts; keys: body and headers).'),
      table_bytes: z.number().describe('The whole table with its TOAST and indexes.'),
    }),
  ),
});
