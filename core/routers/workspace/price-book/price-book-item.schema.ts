import { z } from 'zod';

export const ZPriceBookItem = z.object({
  id: z.uuid(),
  kind: z.enum(['service', 'material']),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  sku: z.string().nullable(),
  unit: z.string().describe('Unit the price is per: each, hour, ft, lb, ...'),
  unit_price_minor: z.number().int().describe('Price per unit in minor units of `currency`.'),
  taxable: z.boolean(),
  active: z.boolean().describe('Inactive items cannot be put on new jobs.'),
  currency: z.string().describe('The business currency.'),
});

export const ZMaterial = ZPriceBookItem.extend({
  unit_cost_minor: z.number().int().nullable().describe('What a unit costs the business, when recorded.'),
});
