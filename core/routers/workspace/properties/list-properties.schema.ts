import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZCursorPage, ZCursorPageInput, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZProperty } from './property.schema.ts';

export const ZListPropertiesInput = z.object({
  customer_id: ZId.optional().describe(
    "Only this customer's properties; an id that is not a customer of this business is not found.",
  ),
  city: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .check(noNul())
    .optional()
    .describe('Only properties in this city: the whole name, any letter case.'),
  postal_code: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .check(noNul())
    .optional()
    .describe('Only properties with exactly this postal code.'),
  ...ZCursorPageInput,
});

export const ZListPropertiesOutput = ZCursorPage(ZProperty);
