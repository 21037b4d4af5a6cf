import { defineEntity } from '@mikro-orm/core';

/**
 * A payment's states: `reserved` from the moment its signed authorization is presented (before the
 * facilitator verifies it) until it settles; `settled` once the facilitator settled it on chain (the
 * receipt); `failed` when the facilitator refused the settlement but named a transaction (something
 * may have happened on chain, or the reconciler established that nothing moved); `settlement_pending`
 * when a settlement was attempted and the facilitator has not said how it ended (timed out, failed
 * mid-settle, or answered settlement_pending): the payment may have moved, and the reconciler asks
 * again with the stored payload. `failed` and `settlement_pending` rows stay, so the same signed
 * payment can never buy twice, and `failure` / `last_error` say what happened.
 */
const paymentStates = ['reserved', 'settled', 'failed', 'settlement_pending'] as const;

/** The states that hold a checkout session: while one of its payments is in one, no other may be taken. */
const livePaymentStates = "('reserved', 'settled', 'settlement_pending')";

/**
 * One signed payment presented for the paid reference (x402 `exact` on an EVM network: an EIP-3009
 * transferWithAuthorization). The unique (network, payer, nonce) is what makes a signed payment
 * buy once: the authorization's nonce is single-use on chain too, and the reservation is taken
 * before verification, so of any number of concurrent presentations exactly one proceeds. Addresses,
 * the nonce and the transaction are stored lower-case. `amount` is in the asset's atomic units, as
 * text (a uint256 fits no bigint). A checkout session has at most one live payment (the partial
 * unique index): the reservation of a second one fails before anything is verified. Read and written
 * with SQL by core/services/payments.
 */
export const PaymentReceived = defineEntity({
  name: 'PaymentReceived',
  tableName: 'payments_received',
  uniques: [{ name: 'payments_received_authorization_key', properties: ['network', 'payer', 'nonce'] }],
  indexes: [
    { name: 'payments_received_created_idx', properties: ['createdAt'] },
    {
      name: 'payments_received_one_live_per_session',
      expression: `create unique index payments_received_one_live_per_session on payments_received (checkout_session_id) where state in ${livePaymentStates}`,
    },
    {
      name: 'payments_received_pending_due_idx',
      expression: `create index payments_received_pending_due_idx on payments_received (next_attempt_at) where state = 'settlement_pending'`,
    },
    {
      name: 'payments_received_identifier_key',
      expression:
        'create unique index payments_received_identifier_key on payments_received (payer, payment_identifier) where payment_identifier is not null',
    },
  ],
  checks: [
    { name: 'payments_received_amount_check', expression: "amount ~ '^[0-9]{1,78}$'" },
    {
      name: 'payments_received_settled_check',
      expression: "state <> 'settled' or (transaction is not null and settled_at is not null)",
    },
  ],
  properties: (p) => ({
    id: p.uuid().primary(),
    /** CAIP-2, e.g. eip155:8453. */
    network: p.string().length(64),
    payer: p.string().length(42),
    payTo: p.string().length(42),
    asset: p.string().length(42),
    amount: p.text(),
    /** The EIP-3009 authorization nonce: 0x and 64 hex digits. */
    nonce: p.character().length(66),
    /** The settlement's transaction hash, in full. */
    transaction: p.string().length(128).nullable(),
    /** The absolute URL the payment was presented at (query string included). */
    resource: p.text(),
    checkoutSessionId: p.uuid().nullable(),
    state: p.enum([...paymentStates]).columnType('varchar(20)'),
    /** Why a `failed` settlement did not deliver (the facilitator's reason, or that its outcome is unknown). */
    failure: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    settledAt: p.datetime().nullable(),
    /** The reference's revision (`sha256:...`) when the payment was reserved: what a signed-in wallet may re-read. */
    referenceRevision: p.string().length(80).nullable(),
    /** The decoded PaymentPayload as presented (compared by signature on a repeat; sent again by the reconciler). */
    paymentPayload: p.json().nullable(),
    /** The PaymentRequirements the resource server settled against (stored once a settle is pending). */
    paymentRequirements: p.json().nullable(),
    /** The authorization's validBefore: after it, the authorization can no longer be executed. */
    validBefore: p.datetime().nullable(),
    /** The x402 payment-identifier extension's id, unique per payer. */
    paymentIdentifier: p.string().length(128).nullable(),
    /** The reconciler's settle attempts. */
    settleAttempts: p.integer().default(0),
    /** When the reconciler may ask again (a lease while it asks). */
    nextAttemptAt: p.datetime().nullable(),
    /** The last reconciliation error, bounded. */
    lastError: p.text().nullable(),
  }),
});
