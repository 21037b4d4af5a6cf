import { CHECKOUT_CURRENCY, REFERENCE_ITEM } from '../../services/ucp/catalogue.ts';
import { payableSession } from '../../services/ucp/payability.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZAssertPayableInput, ZAssertPayableOutput } from './assert-payable.schema.ts';

/**
 * Whether a payment may be taken for a checkout session now, and for how much: the paid reference
 * calls it before it asks for a payment tied to a session. Throws RESOURCE_NOT_FOUND (unknown id),
 * CHECKOUT_SESSION_COMPLETED (409: already paid), CHECKOUT_SESSION_PAYMENT_IN_PROGRESS (409: a
 * payment holds it), CHECKOUT_SESSION_EXPIRED (410). A check only: the payment's reservation
 * (payments.reservePayment) is what the database refuses for a session already held. No REST
 * mapping: reached only through the invoker.
 */
export const assertPayable = publicProcedure
  .input(ZAssertPayableInput)
  .output(ZAssertPayableOutput)
  .query(async ({ ctx, input }) => {
    const row = await payableSession(ctx.sql, input.session_id, ctx.clock.now());
    return {
      session_id: row.id,
      amount_minor: REFERENCE_ITEM.price,
      currency: CHECKOUT_CURRENCY,
      expires_at: new Date(row.expires_at).toISOString(),
    };
  });
