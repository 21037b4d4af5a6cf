import { findBusinessOwners } from '../../services/demo/demo-owners.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZFindDemoOwnersInput, ZFindDemoOwnersOutput } from './find-demo-owners.schema.ts';

/**
 * Who owns the demo businesses (scripts only): the demo owner's e-mail as stored, which outlives
 * the start-up box that printed it and any later change of DEMO_OWNER_EMAIL.
 */
export const findDemoOwners = systemProcedure
  .input(ZFindDemoOwnersInput)
  .output(ZFindDemoOwnersOutput)
  .query(async ({ ctx, input }) => {
    const owners = new Map<string, { email: string; name: string; businesses: { slug: string; name: string }[] }>();
    for (const row of await findBusinessOwners(ctx.em, input.business_slugs)) {
      const owner = owners.get(row.email) ?? { email: row.email, name: row.name, businesses: [] };
      owner.businesses.push({ slug: row.business_slug, name: row.business_name });
      owners.set(row.email, owner);
    }
    return { owners: [...owners.values()] };
  });
