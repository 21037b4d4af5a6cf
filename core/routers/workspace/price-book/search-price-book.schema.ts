import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../shared/cursor-page.schema.ts';
import { ZMaterial } from './price-book-item.schema.ts';

export const ZSearchPriceBookInput = z.object({
  query: z.string().trim().min(2).max(200).describe('Words to find in name, description, category or SKU (at least 2 characters).'),
  kind: z.enum(['service', 'material']).optional().describe('Only services or only materials.'),
  ...ZCursorPageInput,
});

export const ZSearchPriceBookOutput = ZCursorPage(ZMaterial.describe('A service or material; unit_cost_minor is null for most services.'));
