import { z } from 'zod';
import { TaxRate } from '../../../../orm/entities/field-service/tax-rate.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTaxRatesInput, ZListTaxRatesOutput } from './list-tax-rates.schema.ts';

const ZTaxRateCursor = z.tuple([z.string().max(100).regex(/^[^\u0000]*$/), z.uuid()]);

/** 825 -> "8.25", 700 -> "7", 50 -> "0.5". */
function percent(basisPoints: number): string {
  return (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');
}

export const listTaxRates = tenantProcedure
  .meta({
    tool: {
      name: 'list-tax-rates',
      title: 'List tax rates',
      access: 'read',
      description:
        'The sales-tax rates of the business by name, active and inactive, with the default one flagged. ' +
        'Pass a rate id as tax_rate_id to create-job; without one a job gets the default rate.',
    },
  })
  .input(ZListTaxRatesInput)
  .output(ZListTaxRatesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZTaxRateCursor);
    const rows = await ctx.em.find(
      TaxRate,
      after ? { businessId: ctx.businessId, $or: [{ name: { $gt: after[0] } }, { name: after[0], id: { $gt: after[1] } }] } : { businessId: ctx.businessId },
      { orderBy: { name: 'asc', id: 'asc' }, limit: input.limit + 1 },
    );
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], (row) => ({
      id: row.id,
      name: row.name,
      rate_basis_points: row.rateBasisPoints,
      rate_percent: percent(row.rateBasisPoints),
      is_default: row.isDefault,
      active: row.active,
    }));
  });
