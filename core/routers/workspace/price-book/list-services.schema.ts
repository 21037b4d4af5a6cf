import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../shared/cursor-page.schema.ts';
import { ZMaterial, ZPriceBookItem } from './price-book-item.schema.ts';

const filters = {
  category: z.string().min(1).max(100).optional().describe('Only this category (any letter case), e.g. HVAC.'),
  include_inactive: z.boolean().default(false).describe('Also list inactive items (default false).'),
  ...ZCursorPageInput,
};

export const ZListServicesInput = z.object(filters);
export const ZListServicesOutput = ZCursorPage(ZPriceBookItem);
export const ZListMaterialsInput = z.object(filters);
export const ZListMaterialsOutput = ZCursorPage(ZMaterial);
