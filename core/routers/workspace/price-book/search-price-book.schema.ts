import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZPriceBookItem, ZPriceBookKind } from './price-book-item.schema.ts';

export const ZSearchPriceBookInput = z.object({
  query: z
    .string()
    .trim()
    .min(2)
    .max(200)
    .check(noNul())
    .describe(
      'Words or a code to look for in the name, description, category or SKU; at least 2 characters. Letter case is ignored and close misspellings still match.',
    ),
  kind: ZPriceBookKind.optional().describe('Only services or only materials; both when omitted.'),
  ...ZCursorPageInput,
});

export const ZSearchPriceBookOutput = ZCursorPage(ZPriceBookItem);
