import type { EntityData } from '@mikro-orm/core';
import { AppError } from '../../errors/index.ts';
import { findBusinessWhere } from '../../services/accounts/businesses.query.ts';
import { appendWorkspaceRows } from '../../services/demo/append-workspace.query.ts';
import {
  demoWorkspaceEntity,
  inInsertOrder,
  type WorkspaceTable,
} from '../../services/demo/workspace-entities.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZAppendDemoWorkspaceRowsInput, ZAppendDemoWorkspaceRowsOutput } from './append-demo-workspace-rows.schema.ts';

/**
 * Adds one batch of generated rows (customers, jobs and what hangs off them) to an existing demo
 * business, in one transaction (scripts only): how the scale dataset grows a business too large to
 * generate or send in one piece. A batch is all or nothing, so the counts the seeder resumes from
 * only ever hold whole batches.
 */
export const appendDemoWorkspaceRows = systemProcedure
  .input(ZAppendDemoWorkspaceRowsInput)
  .output(ZAppendDemoWorkspaceRowsOutput)
  .mutation(async ({ ctx, input }) => {
    const business = await findBusinessWhere(ctx.em, { slug: input.business_slug });
    if (!business) throw new AppError('RESOURCE_NOT_FOUND', `No business has the slug "${input.business_slug}".`);
    for (const table of input.tables) {
      const stranger = table.rows.findIndex((row) => 'businessId' in row && row.businessId !== business.id);
      if (stranger >= 0)
        throw new AppError(
          'VALIDATION_FAILED',
          `${table.entity} row ${stranger} belongs to another business than "${input.business_slug}".`,
        );
    }
    const tables = inInsertOrder(
      input.tables.map((table): WorkspaceTable => [
        demoWorkspaceEntity(table.entity)!,
        table.rows as EntityData<object>[],
      ]),
    );
    return { business_id: business.id, rows: await appendWorkspaceRows(ctx.em, tables) };
  });
