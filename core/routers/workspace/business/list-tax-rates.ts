import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { listTaxRateRows, toTaxRate } from '../../../services/workspace/business/tax-rates.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTaxRatesInput, ZListTaxRatesOutput } from './list-tax-rates.schema.ts';

// Names go back to PostgreSQL as bind values, which refuse NUL characters.
const ZTaxRateCursor = z.tuple([z.string().max(100).check(noNul()), z.uuid()]);

export const listTaxRates = tenantProcedure
  .meta({
    tool: {
      name: 'list-tax-rates',
      title: 'List tax rates',
      access: 'read',
      toolset: 'business',
      description:
        'The sales-tax rates of the business by name, active and inactive, each as basis points and as a percentage, with the default one flagged. ' +
        "Pass an active rate's id as tax_rate_id to create-job; without one a job gets the default rate. Tax applies to the taxable lines' subtotal.",
    },
  })
  .input(ZListTaxRatesInput)
  .output(ZListTaxRatesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZTaxRateCursor);
    const rows = await listTaxRateRows(ctx.em, ctx.businessId, after, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], toTaxRate);
  });
