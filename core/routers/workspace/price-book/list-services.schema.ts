import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../shared/cursor-page.schema.ts';
import { noNul, ZPriceBookItem } from './price-book-item.schema.ts';

/** The filters list-services and list-materials share. */
export const priceBookListFilters = {
  category: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(noNul, { message: 'must not contain NUL characters' })
    .optional()
    .describe('Only items of this category, compared ignoring letter case (e.g. "hvac" matches HVAC).'),
  include_inactive: z.boolean().default(false).describe('Also list retired (inactive) items; default false.'),
  ...ZCursorPageInput,
};

export const ZListServicesInput = z.object(priceBookListFilters);
export const ZListServicesOutput = ZCursorPage(ZPriceBookItem);
