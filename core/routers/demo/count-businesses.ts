import { z } from 'zod';
import { countBusinesses as countAllBusinesses } from '../../services/accounts/businesses.query.ts';
import { systemProcedure } from '../../trpc.ts';

/** How many businesses exist: the first start seeds the demo workspaces only into a database with none. */
export const countBusinesses = systemProcedure
  .output(z.object({ businesses: z.number().int() }))
  .query(async ({ ctx }) => ({ businesses: await countAllBusinesses(ctx.em) }));
