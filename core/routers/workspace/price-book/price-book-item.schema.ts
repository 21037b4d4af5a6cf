import { z } from 'zod';
import { priceBookItemKinds } from '../../../../orm/entities/field-service/price-book-item.ts';

export const ZPriceBookKind = z
  .enum(priceBookItemKinds)
  .describe('service (labour, visits, installations) or material (parts, equipment, consumables).');

export const ZPriceBookItem = z.object({
  id: z.uuid().describe('Use as line_items[].price_book_item_id in create-job.'),
  kind: ZPriceBookKind,
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable().describe('Free-form grouping such as HVAC or Plumbing; null when uncategorised.'),
  sku: z.string().nullable().describe("The business's own item code, when it uses one."),
  unit: z.string().describe('The unit the price is per: each, hour, ft, ...'),
  unit_price_minor: z
    .number()
    .int()
    .describe('Selling price per unit in minor units of `currency` (e.g. cents), before tax.'),
  taxable: z.boolean().describe('Whether sales tax applies when it is sold.'),
  active: z.boolean().describe('Inactive items are retired: they cannot be put on new jobs.'),
  currency: z.string().describe('ISO 4217 code of the business currency, which every price is in.'),
});

export const ZMaterial = ZPriceBookItem.extend({
  unit_cost_minor: z
    .number()
    .int()
    .nullable()
    .describe(
      'What one unit costs the business (for margins; internal, not a customer price); null when not recorded.',
    ),
});
