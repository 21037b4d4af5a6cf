import { agentStorageUsage } from '../../services/agent-tasks/storage-usage.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZStorageUsageInput, ZStorageUsageOutput } from './storage-usage.schema.ts';

/**
 * The rows and bytes the A2A tasks and the Idempotency-Key answers hold now (npm run admin --
 * storage-usage): what the agent storage bound keeps in check. System only; scans both tables.
 */
export const storageUsage = systemProcedure
  .input(ZStorageUsageInput)
  .output(ZStorageUsageOutput)
  .query(async ({ ctx }) => ({ tables: await agentStorageUsage(ctx.sql) }));
