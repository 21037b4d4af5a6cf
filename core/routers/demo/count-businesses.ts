import { z } from 'zod';
import { Business } from '../../../orm/entities/accounts/business.ts';
import { systemProcedure } from '../../trpc.ts';

/** How many businesses exist: the first start seeds the demo workspaces only into a database with none. */
export const countBusinesses = systemProcedure
  .output(z.object({ businesses: z.number().int() }))
  .query(async ({ ctx }) => ({ businesses: await ctx.em.count(Business, {}) }));
