import { z } from 'zod';
import { findAgreements, toServiceAgreement } from '../../../services/workspace/agreements/agreement-rows.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListServiceAgreementsInput, ZListServiceAgreementsOutput } from './list-service-agreements.schema.ts';

const ZAgreementCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listServiceAgreements = tenantProcedure
  .meta({
    tool: {
      name: 'list-service-agreements',
      title: 'List service agreements',
      access: 'read',
      description:
        'Recurring service agreements (maintenance plans, memberships), newest first, with customer, price per billing period, term and the next planned visit. ' +
        'Filter by status, or expiring_before to find renewals to chase. get-service-agreement shows the visit plan.',
    },
  })
  .input(ZListServiceAgreementsInput)
  .output(ZListServiceAgreementsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZAgreementCursor);
    const rows = await findAgreements(ctx.em, ctx.businessId, { status: input.status, expiringBefore: input.expiring_before, after, limit: input.limit + 1 });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toServiceAgreement);
  });
