import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../shared/cursor-page.schema.ts';
import { ZProperty } from './property.schema.ts';

export const ZListPropertiesInput = z.object({
  customer_id: ZId.optional().describe('Only this customer\'s properties.'),
  city: z.string().min(1).max(100).optional().describe('Only properties in this city (any letter case).'),
  postal_code: z.string().min(1).max(20).optional(),
  ...ZCursorPageInput,
});

export const ZListPropertiesOutput = ZCursorPage(ZProperty);
