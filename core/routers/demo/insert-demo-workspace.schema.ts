import { z } from 'zod';
import { demoWorkspaceEntities } from '../../services/demo/workspace-entities.query.ts';
import { entityRowSchema } from '../../../orm/entities/row-schema.ts';

const [first, ...others] = demoWorkspaceEntities.map((entity) =>
  z.object({
    entity: z.literal(entity.meta.className),
    rows: z.array(entityRowSchema(entity)).min(1).max(100_000),
  }),
);

/** One table of the business: the entity's class name ("Invoice") and its rows in property names. */
const ZDemoWorkspaceTable = z.discriminatedUnion('entity', [first!, ...others]);

type Table = z.infer<typeof ZDemoWorkspaceTable>;

/** One business: a single Business row that every other row with a businessId belongs to, each table once. */
function checkTables(tables: Table[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  tables.forEach((table, index) => {
    if (seen.has(table.entity))
      ctx.addIssue({ code: 'custom', message: `${table.entity} is listed twice`, path: [index, 'entity'] });
    seen.add(table.entity);
  });
  const businesses = tables.find((table) => table.entity === 'Business')?.rows ?? [];
  if (businesses.length !== 1) {
    ctx.addIssue({ code: 'custom', message: `expected exactly one Business row, got ${businesses.length}`, path: [] });
    return;
  }
  const businessId = businesses[0]!.id;
  tables.forEach((table, index) =>
    table.rows.forEach((row, rowIndex) => {
      if ('businessId' in row && row.businessId !== businessId) {
        ctx.addIssue({
          code: 'custom',
          message: 'belongs to another business than the Business row',
          path: [index, 'rows', rowIndex, 'businessId'],
        });
      }
    }),
  );
}

export const ZInsertDemoWorkspaceInput = z.object({
  tables: z
    .array(ZDemoWorkspaceTable)
    .min(1)
    .max(demoWorkspaceEntities.length)
    .superRefine(checkTables)
    .describe('The generated rows, per entity; inserted parents first whatever their order here.'),
  owner_email: z
    .email()
    .max(254)
    .optional()
    .describe("An existing user (by e-mail, any letter case) to make the business's owner."),
});

export const ZInsertDemoWorkspaceOutput = z.object({
  business_id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  rows: z.record(z.string(), z.number().int()).describe('Rows inserted per table.'),
});
