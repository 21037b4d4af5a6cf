import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZListTaxRatesInput = z.object({ ...ZCursorPageInput });

const ZTaxRate = z.object({
  id: z.uuid(),
  name: z.string(),
  rate_basis_points: z.number().int().describe('The rate in basis points: 825 = 8.25 %.'),
  rate_percent: z
    .string()
    .describe('The same rate as a percentage string without trailing zeros, e.g. "8.25", "7", "0.5".'),
  is_default: z.boolean().describe('Applied to new jobs that name no tax rate; at most one rate is the default.'),
  active: z.boolean().describe('Inactive rates stay on old documents but are not offered for new ones.'),
});

export const ZListTaxRatesOutput = ZCursorPage(ZTaxRate);
