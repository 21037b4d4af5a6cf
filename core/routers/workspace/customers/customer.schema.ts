import { z } from 'zod';
import { ZAddress, ZDateTime } from '../shared/cursor-page.schema.ts';

export const customerStatuses = ['active', 'inactive', 'archived'] as const;

export const ZCustomerSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(customerStatuses),
  address: ZAddress.describe('Billing address.'),
  tags: z.array(z.string()).describe('Tag names, alphabetical.'),
  created_at: ZDateTime,
});

export const ZCustomer = ZCustomerSummary.extend({
  notes: z.string().nullable(),
  contacts: z.array(
    z.object({ id: z.uuid(), name: z.string(), role: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), is_primary: z.boolean() }),
  ),
  properties: z.array(z.object({ id: z.uuid(), name: z.string().nullable(), line1: z.string(), city: z.string(), postal_code: z.string() })),
  balances: z.object({
    outstanding_minor: z.number().int().describe('Sum over open invoices of total minus succeeded payments.'),
    overdue_minor: z.number().int().describe('The part of outstanding_minor on invoices past due (business time zone).'),
    open_invoice_count: z.number().int(),
    job_count: z.number().int(),
    currency: z.string(),
  }),
});
