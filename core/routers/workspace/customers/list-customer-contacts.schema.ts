import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../shared/cursor-page.schema.ts';

export const ZListCustomerContactsInput = z.object({ customer_id: ZId, ...ZCursorPageInput });

export const ZListCustomerContactsOutput = ZCursorPage(
  z.object({ id: z.uuid(), name: z.string(), role: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), is_primary: z.boolean() }),
);
