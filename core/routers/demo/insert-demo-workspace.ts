import type { EntityData } from '@mikro-orm/core';
import { AppError } from '../../errors/index.ts';
import { findUserByEmail } from '../../services/accounts/users.query.ts';
import { businessSlugTaken } from '../../services/accounts/businesses.query.ts';
import { insertWorkspaceRows } from '../../services/demo/insert-workspace.query.ts';
import {
  demoWorkspaceEntity,
  inInsertOrder,
  ownerMembershipTable,
  type WorkspaceTable,
} from '../../services/demo/workspace-entities.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZInsertDemoWorkspaceInput, ZInsertDemoWorkspaceOutput } from './insert-demo-workspace.schema.ts';

/**
 * Stores one demo business with its whole field-service history, as the seed scripts generated it
 * (scripts only), and makes the named user its owner.
 */
export const insertDemoWorkspace = systemProcedure
  .input(ZInsertDemoWorkspaceInput)
  .output(ZInsertDemoWorkspaceOutput)
  .mutation(async ({ ctx, input }) => {
    const business = input.tables.find((table) => table.entity === 'Business')!.rows[0] as {
      id: string;
      slug: string;
      name: string;
    };
    if (await businessSlugTaken(ctx.em, business.slug)) {
      throw new AppError('CONFLICT', `The demo business "${business.slug}" already exists.`);
    }
    const owner = input.owner_email === undefined ? undefined : await findUserByEmail(ctx.em, input.owner_email);
    if (owner === null)
      throw new AppError('RESOURCE_NOT_FOUND', `No user has the e-mail address ${input.owner_email}.`);
    const tables = inInsertOrder(
      input.tables.map((table): WorkspaceTable => [
        demoWorkspaceEntity(table.entity)!,
        table.rows as EntityData<object>[],
      ]),
    );
    if (owner) tables.push(ownerMembershipTable(business.id, owner.id, ctx.clock.now()));
    const counts = await insertWorkspaceRows(ctx.em, tables);
    return { business_id: business.id, slug: business.slug, name: business.name, rows: counts };
  });
