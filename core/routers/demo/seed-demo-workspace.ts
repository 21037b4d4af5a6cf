import { Business } from '../../../orm/entities/accounts/business.ts';
import { Membership } from '../../../orm/entities/accounts/membership.ts';
import { AppError } from '../../errors/index.ts';
import { findUserByEmail } from '../../services/accounts/find-user.ts';
import { generateDemoWorkspace } from '../../services/demo-data/field-service/generate-workspace.ts';
import { insertDemoWorkspace } from '../../services/demo-data/field-service/insert-workspace.ts';
import { demoWorkspaceSpecs } from '../../services/demo-data/field-service/specs.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSeedDemoWorkspaceInput, ZSeedDemoWorkspaceOutput } from './seed-demo-workspace.schema.ts';

/** Creates one of the deterministic demo businesses with its whole field-service history (scripts only). */
export const seedDemoWorkspace = systemProcedure
  .input(ZSeedDemoWorkspaceInput)
  .output(ZSeedDemoWorkspaceOutput)
  .mutation(async ({ ctx, input }) => {
    const spec = demoWorkspaceSpecs[input.workspace];
    if (await ctx.em.count(Business, { slug: spec.slug })) {
      throw new AppError('CONFLICT', `The demo business "${spec.slug}" already exists.`);
    }
    const owner = input.owner_email === undefined ? undefined : await findUserByEmail(ctx.em, input.owner_email);
    if (owner === null) throw new AppError('RESOURCE_NOT_FOUND', `No user has the e-mail address ${input.owner_email}.`);
    const now = ctx.clock.now();
    const rows = generateDemoWorkspace(spec, now);
    if (owner) rows.add(Membership, { businessId: rows.businessId, userId: owner.id, role: 'owner', createdAt: now });
    const counts = await insertDemoWorkspace(ctx.em, rows);
    return { business_id: rows.businessId, slug: spec.slug, name: spec.name, rows: counts };
  });
