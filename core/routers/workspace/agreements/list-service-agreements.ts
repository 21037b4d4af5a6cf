import { z } from 'zod';
import { findAgreements, toServiceAgreement } from '../../../services/workspace/agreements/agreement-rows.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListServiceAgreementsInput, ZListServiceAgreementsOutput } from './list-service-agreements.schema.ts';

const ZAgreementCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listServiceAgreements = tenantProcedure
  .meta({
    tool: {
      name: 'list-service-agreements',
      title: 'List service agreements',
      access: 'read',
      toolset: 'jobs',
      description:
        'Recurring service agreements (maintenance plans, memberships), newest first, each with its customer, covered property, price per billing period, ' +
        'term (starts_on, ends_on, auto_renew), visits per year and the date of the next visit still to do. Filter by status, or by expiring_before ' +
        "(term ends on or before that date) to find renewals to chase. get-service-agreement shows one agreement's whole visit plan.",
    },
  })
  .input(ZListServiceAgreementsInput)
  .output(ZListServiceAgreementsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZAgreementCursor);
    const rows = await findAgreements(ctx.em, ctx.businessId, {
      status: input.status,
      expiringBefore: input.expiring_before,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toServiceAgreement);
  });
