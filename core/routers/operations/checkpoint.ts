import { checkpoint as runCheckpoint, readWalState } from '../../services/database-upkeep/wal-checkpoint.query.ts';
import { checkpointReason } from '../../services/database-upkeep/wal-checkpoint.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCheckpointInput, ZCheckpointOutput } from './checkpoint.schema.ts';

/**
 * A CHECKPOINT when the server's checkpointer would run one (wal-checkpoint.ts): the embedded
 * database has no checkpointer, so the service runs this there every minute, beside the tables'
 * upkeep. A refusal (a server's role without pg_checkpoint: its own checkpointer does the work) is
 * answered in `failed`. System callers only.
 */
export const checkpoint = systemProcedure
  .input(ZCheckpointInput)
  .output(ZCheckpointOutput)
  .mutation(async ({ ctx, input }) => {
    const state = await readWalState(ctx.sql);
    const reason = checkpointReason(state, input.force) ?? null;
    const answer = { reason, checkpointed: false, wal_bytes: state.walBytes, milliseconds: 0, failed: null };
    if (reason === null) return answer;
    const started = performance.now();
    try {
      await runCheckpoint(ctx.em);
      return { ...answer, checkpointed: true, milliseconds: Math.round(performance.now() - started) };
    } catch (error) {
      return { ...answer, failed: (error as Error).message };
    }
  });
