import { releaseSync as release } from '../../services/government/sam/sync.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZReleaseSyncInput, ZReleaseSyncOutput } from './release-sync.schema.ts';

/** Gives the SAM.gov sync's lease back between steps (a scheduler stopping): the run resumes later. System only. */
export const releaseSync = systemProcedure
  .input(ZReleaseSyncInput)
  .output(ZReleaseSyncOutput)
  .mutation(async ({ ctx, input }) => {
    await release(ctx, input.holder);
  });
