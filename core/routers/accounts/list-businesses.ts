import { listBusinessesWithOwners } from '../../services/accounts/list-businesses.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListBusinessesInput, ZListBusinessesOutput } from './list-businesses.schema.ts';

/** Every business (workspace) on the platform with its member count and owners (scripts only). */
export const listBusinesses = systemProcedure
  .input(ZListBusinessesInput)
  .output(ZListBusinessesOutput)
  .query(async ({ ctx }) => ({ items: await listBusinessesWithOwners(ctx.em) }));
