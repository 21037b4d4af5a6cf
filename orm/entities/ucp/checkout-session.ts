import { defineEntity } from '@mikro-orm/core';

/**
 * What a stored session can be: waiting for its payment, paid, or canceled by its platform (UCP
 * Cancel Checkout). Expiry and "payments not configured" are computed when a session is read (its
 * `expires_at`, the configuration then), so they need no write; UCP's other statuses are never stored.
 */
const checkoutSessionStates = ['ready_for_complete', 'completed', 'canceled'] as const;

/**
 * A UCP checkout session for the paid reference (core/services/ucp): its one line item and totals as
 * answered (json, kept in the order written), the buyer if one was given, and once paid the receipt
 * of the payment that completed it (payment id, transaction, payer, time). `payment_id` is unique:
 * one payment completes at most one session. The random uuid `id` is the capability that reads a
 * session (the endpoint is unauthenticated). Sessions can be paid until `expiresAt` (30 minutes) and
 * are deleted by the sweeper 7 days after that (hence the index). Read and written with SQL by
 * core/services/ucp; the entity describes the table.
 */
export const UcpCheckoutSession = defineEntity({
  name: 'UcpCheckoutSession',
  tableName: 'ucp_checkout_sessions',
  indexes: [{ name: 'ucp_checkout_sessions_expires_idx', properties: ['expiresAt'] }],
  uniques: [{ name: 'ucp_checkout_sessions_payment_id_key', properties: ['paymentId'] }],
  checks: [
    {
      name: 'ucp_checkout_sessions_completed_check',
      expression: "(status = 'completed') = (payment_id is not null and completed_at is not null)",
    },
    { name: 'ucp_checkout_sessions_canceled_check', expression: "(status = 'canceled') = (canceled_at is not null)" },
  ],
  properties: (p) => ({
    id: p.uuid().primary(),
    status: p.enum([...checkoutSessionStates]).columnType('varchar(30)'),
    lineItems: p.json<unknown[]>().columnType('json'),
    currency: p.character().length(3),
    totals: p.json<unknown[]>().columnType('json'),
    buyer: p.json<Record<string, string>>().columnType('json').nullable(),
    paymentId: p.string().length(200).nullable(),
    paymentTransaction: p.string().length(200).nullable(),
    paymentPayer: p.string().length(200).nullable(),
    completedAt: p.datetime().nullable(),
    canceledAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  }),
});
