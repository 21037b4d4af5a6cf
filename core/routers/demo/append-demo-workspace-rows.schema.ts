import { z } from 'zod';
import { demoWorkspaceEntities } from '../../services/demo/workspace-entities.query.ts';
import { entityRowSchema } from '../../../orm/entities/row-schema.ts';

const [first, ...others] = demoWorkspaceEntities
  .filter((entity) => entity.meta.className !== 'Business')
  .map((entity) =>
    z.object({
      entity: z.literal(entity.meta.className),
      rows: z.array(entityRowSchema(entity)).min(1).max(100_000),
    }),
  );

/** One table of rows to add: the entity's class name ("Job") and its rows in property names. */
const ZAppendedTable = z.discriminatedUnion('entity', [first!, ...others]);

export const ZAppendDemoWorkspaceRowsInput = z.object({
  business_slug: z.string().min(1).max(100).describe('The existing business the rows are added to.'),
  tables: z
    .array(ZAppendedTable)
    .min(1)
    .max(demoWorkspaceEntities.length - 1)
    .superRefine((tables, ctx) => {
      const seen = new Set<string>();
      tables.forEach((table, index) => {
        if (seen.has(table.entity))
          ctx.addIssue({ code: 'custom', message: `${table.entity} is listed twice`, path: [index, 'entity'] });
        seen.add(table.entity);
      });
    })
    .describe("The generated rows, per entity (every row in the business's id); inserted parents first."),
});

export const ZAppendDemoWorkspaceRowsOutput = z.object({
  business_id: z.uuid(),
  rows: z.record(z.string(), z.number().int()).describe('Rows inserted per table.'),
});
