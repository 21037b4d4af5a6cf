import { z } from 'zod';
import { ZAddress, ZDateTime } from './cursor-page.schema.ts';

const customerStatuses = ['active', 'inactive', 'archived'] as const;

export const ZCustomerStatus = z
  .enum(customerStatuses)
  .describe('active: a current customer; inactive: no longer served; archived: hidden from day-to-day work.');

/** A customer as lists and search show it. */
export const ZCustomerSummary = z.object({
  id: z.uuid(),
  name: z.string().describe('The person, or the contact name of a company.'),
  company_name: z.string().nullable(),
  email: z.string().nullable().describe('Unique inside the business, regardless of letter case.'),
  phone: z.string().nullable().describe('As entered.'),
  status: ZCustomerStatus,
  address: ZAddress.describe('Billing address; service addresses are properties (list-properties).'),
  tags: z.array(z.string()).describe('Tag names, in byte order (see list-tags).'),
  created_at: ZDateTime,
});

export const ZCustomerContact = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string().nullable().describe('e.g. Owner, Spouse, Facilities manager.'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_primary: z.boolean().describe('The person to reach first.'),
});

const ZCustomerPropertySummary = z.object({
  id: z.uuid().describe('Pass as property_id to get-property or create-job.'),
  name: z.string().nullable(),
  line1: z.string(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string(),
});

const ZCustomerBalances = z
  .object({
    outstanding_minor: z
      .number()
      .int()
      .describe(
        "Sum over the customer's invoices with status open of total_minor minus the succeeded payments applied to each (refunded payments do not count; draft, paid and void invoices are not included).",
      ),
    overdue_minor: z
      .number()
      .int()
      .describe(
        'The part of outstanding_minor on open invoices whose due date is before today in the business time zone.',
      ),
    open_invoice_count: z.number().int().describe('Invoices with status open.'),
    job_count: z.number().int().describe('Jobs of the customer, any status.'),
    currency: z.string().describe('ISO 4217 code of the business; every *_minor amount is in its minor unit.'),
  })
  .describe('What the customer owes, as of now.');

/** One customer with everything about it: get-customer's answer, create-customer's, and the customer.created event's payload. */
export const ZCustomer = ZCustomerSummary.extend({
  notes: z.string().nullable().describe('Internal notes of the business about the customer.'),
  contacts: z
    .array(ZCustomerContact)
    .describe(
      'Up to 50 contacts, the primary first, then by name; contact_count tells if there are more (list-customer-contacts has all).',
    ),
  contact_count: z.number().int(),
  properties: z
    .array(ZCustomerPropertySummary)
    .describe(
      'Up to 50 service addresses, oldest first; property_count tells if there are more (list-properties with customer_id has all).',
    ),
  property_count: z.number().int(),
  balances: ZCustomerBalances,
});
