import type { Context } from '../../core/context.ts';
import { AppError } from '../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';

/**
 * The procedures of other areas the paid reference uses: the reference's content
 * (agent.getAgentReference) and the UCP checkout session a handoff URL pays (ucp.assertPayable,
 * ucp.markPaid), each through the invoker with its typed answer.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reference a payment buys. */
export async function readReference(
  invoker: ProcedureInvoker,
  context: Context,
): Promise<{ resource: string; content: string }> {
  const { resource, content } = await invoker.call('agent.getAgentReference', {}, context);
  return { resource, content };
}

/**
 * The checkout session named by `?checkout_session=` when there is one: it must be payable (ucp.assertPayable
 * answers 404, 409 CHECKOUT_SESSION_COMPLETED or CHECKOUT_SESSION_PAYMENT_IN_PROGRESS, or 410
 * CHECKOUT_SESSION_EXPIRED otherwise) and priced as the paid reference is (100 minor units of USD).
 * Undefined without the parameter. A check before asking for a payment: the payment's reservation
 * is what holds the session.
 */
export async function payableCheckout(
  value: string | string[] | undefined,
  invoker: ProcedureInvoker,
  context: Context,
): Promise<string | undefined> {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Invalid parameter "checkout_session": expected one uuid of a checkout session (the handoff URL carries it).',
      { details: [{ parameter: 'checkout_session', code: 'invalid_format', message: 'expected a uuid' }] },
    );
  }
  const session = await invoker.call('ucp.assertPayable', { session_id: value }, context);
  if (session.amount_minor !== 100 || session.currency !== 'USD') {
    throw new Error(`checkout session ${value} is priced ${session.amount_minor} ${session.currency}, not 100 USD`);
  }
  return session.session_id;
}

/** Completes the checkout session a settled payment paid, with the payment's receipt. */
export async function markCheckoutPaid(
  invoker: ProcedureInvoker,
  context: Context,
  paid: { sessionId: string; paymentId: string; transaction: string; payer: string },
): Promise<void> {
  await invoker.call(
    'ucp.markPaid',
    { session_id: paid.sessionId, payment_id: paid.paymentId, transaction: paid.transaction, payer: paid.payer },
    context,
  );
}
