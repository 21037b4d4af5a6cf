import { syncStatus } from '../../services/government/sam/sync-status.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZGetSyncStatusInput, ZGetSyncStatusOutput } from './get-sync-status.schema.ts';

/** The SAM.gov sync's state for `npm run admin -- sync-status` and the metrics. System only. */
export const getSyncStatus = systemProcedure
  .input(ZGetSyncStatusInput)
  .output(ZGetSyncStatusOutput)
  .query(({ ctx }) => syncStatus(ctx));
