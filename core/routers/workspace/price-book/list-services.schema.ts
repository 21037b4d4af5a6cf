import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZPriceBookItem } from './price-book-item.schema.ts';

/** The filters list-services and list-materials share. */
export const priceBookListFilters = {
  category: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .check(noNul())
    .optional()
    .describe('Only items of this category, compared ignoring letter case (e.g. "hvac" matches HVAC).'),
  include_inactive: z.boolean().default(false).describe('Also list retired (inactive) items; default false.'),
  ...ZCursorPageInput,
};

export const ZListServicesInput = z.object(priceBookListFilters);
export const ZListServicesOutput = ZCursorPage(ZPriceBookItem);
