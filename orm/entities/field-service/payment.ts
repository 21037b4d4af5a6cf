import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

const paymentMethods = ['card', 'cash', 'check', 'ach', 'other'] as const;
const paymentStatuses = ['succeeded', 'refunded'] as const;

/** Money received from a customer, applied to an invoice or held on account when `invoiceId` is null. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  uniques: [{ name: 'payments_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'payments_received_idx',
      expression: 'create index payments_received_idx on payments (business_id, received_at desc, id desc)',
    },
    { name: 'payments_invoice_idx', properties: ['businessId', 'invoiceId'] },
  ],
  checks: [{ name: 'payments_amount_minor_check', expression: 'amount_minor > 0' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    customerId: p.uuid(),
    invoiceId: p.uuid().nullable(),
    /** > 0, in the minor unit of `currency`. */
    amountMinor: p.bigint('number'),
    currency: p.character().length(3),
    method: p.enum([...paymentMethods]).columnType('varchar(20)'),
    status: p
      .enum([...paymentStatuses])
      .columnType('varchar(20)')
      .default('succeeded'),
    receivedAt: p.datetime(),
    /** A check number or processor id, for reconciliation. */
    reference: p.string().length(200).nullable(),
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
