import { z } from 'zod';
import type { Context } from '../../core/context.ts';
import { AppError } from '../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';

/**
 * The procedures of other areas the paid reference uses, typed here by what this adapter needs of
 * them and called by path: the reference's content (agent.getAgentReference) and the UCP checkout
 * session a handoff URL pays (ucp.assertPayable, ucp.markPaid). Their answers are parsed, so a
 * change on their side fails loudly here.
 */
const ZReference = z.object({ resource: z.string(), content: z.string() }).loose();
const ZPayableSession = z
  .object({ session_id: z.string(), amount_minor: z.number(), currency: z.string(), expires_at: z.string() })
  .loose();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reference a payment buys. */
export async function readReference(invoker: ProcedureInvoker, context: Context): Promise<z.infer<typeof ZReference>> {
  return ZReference.parse(await invoker.callPath('agent.getAgentReference', undefined, context));
}

/**
 * The checkout session named by `?checkout_session=` when there is one: it must be payable (ucp.assertPayable
 * answers 404, 409 CHECKOUT_SESSION_COMPLETED or 410 CHECKOUT_SESSION_EXPIRED otherwise) and priced as the
 * paid reference is (100 minor units of USD). Undefined without the parameter.
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
  const session = ZPayableSession.parse(await invoker.callPath('ucp.assertPayable', { session_id: value }, context));
  if (session.amount_minor !== 100 || session.currency !== 'USD') {
    throw new Error(`checkout session ${value} is priced ${session.amount_minor} ${session.currency}, not 100 USD`);
  }
  return session.session_id;
}

/** Completes the checkout session a settled payment paid. */
export async function markCheckoutPaid(
  invoker: ProcedureInvoker,
  context: Context,
  sessionId: string,
  paymentId: string,
): Promise<void> {
  await invoker.callPath('ucp.markPaid', { session_id: sessionId, payment_id: paymentId }, context);
}
