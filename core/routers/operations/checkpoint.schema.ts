import { z } from 'zod';

export const ZCheckpointInput = z
  .object({
    force: z
      .boolean()
      .default(false)
      .describe('Checkpoint whenever any WAL was written since the last one, not only when the rules say so.'),
  })
  .default({ force: false });

export const ZCheckpointOutput = z.object({
  reason: z
    .enum(['wal_size', 'timeout', 'forced'])
    .nullable()
    .describe('Why a checkpoint was due (the WAL since the last, checkpoint_timeout, or force); null: none was.'),
  checkpointed: z.boolean(),
  wal_bytes: z.number().min(0).describe('WAL written since the last checkpoint, before this one.'),
  milliseconds: z.number().int().min(0),
  failed: z
    .string()
    .nullable()
    .describe('Why the CHECKPOINT failed (a server role without pg_checkpoint); null otherwise.'),
});
