import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

const invoiceStatuses = ['draft', 'open', 'paid', 'void'] as const;

/** A bill to a customer, numbered per business; payments settle it. Voided invoices are kept, never deleted. */
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  uniques: [
    { name: 'invoices_business_id_id_unique', properties: ['businessId', 'id'] },
    { name: 'invoices_number_unique', properties: ['businessId', 'number'] },
  ],
  indexes: [
    {
      name: 'invoices_created_idx',
      expression: 'create index invoices_created_idx on invoices (business_id, created_at desc, id desc)',
    },
    { name: 'invoices_status_due_idx', properties: ['businessId', 'status', 'dueOn', 'id'] },
    // What the periodic overdue check still has to look at (core/services/workspace/invoices/overdue.query.ts).
    {
      name: 'invoices_overdue_check_idx',
      expression:
        "create index invoices_overdue_check_idx on invoices (due_on, business_id, id) where status = 'open' and overdue_at is null",
    },
  ],
  checks: [{ name: 'invoices_totals_check', expression: 'total_minor = subtotal_minor + tax_minor' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    number: p.integer(),
    customerId: p.uuid(),
    jobId: p.uuid().nullable(),
    status: p
      .enum([...invoiceStatuses])
      .columnType('varchar(20)')
      .default('draft'),
    issuedOn: p.date().nullable(),
    dueOn: p.date().nullable(),
    /** ISO 4217; the amounts below are in its minor unit, and total = subtotal + tax. */
    currency: p.character().length(3),
    subtotalMinor: p.bigint('number').default(0),
    taxMinor: p.bigint('number').default(0),
    totalMinor: p.bigint('number').default(0),
    /** When the overdue check found it past due and queued its one invoice.overdue event; null until then. */
    overdueAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
