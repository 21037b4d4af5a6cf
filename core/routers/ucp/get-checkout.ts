import { AppError } from '../../errors/index.ts';
import { checkoutSessionView } from '../../services/ucp/checkout-session.ts';
import { ucpPaymentConfig } from '../../services/ucp/payment-config.ts';
import { findSession } from '../../services/ucp/payability.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZCheckoutSession } from './checkout-session.schema.ts';
import { ZGetCheckoutInput } from './get-checkout.schema.ts';

/**
 * One checkout session with its current status. The id is a random uuid only its creator learnt,
 * which is what authorizes the read (the same rule as A2A tasks); an unknown id, or one that is not
 * a uuid, is 404. Never cached: the status changes when the session is paid or expires.
 */
export function checkoutReading(path: `/${string}`, operationId: string, alias?: string) {
  return publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId,
        path,
        tags: ['Agent'],
        summary: 'Read a UCP checkout session',
        description:
          (alias ? `${alias} ` : '') +
          'The checkout session with its current status: `ready_for_complete` (pay its handoff URL), ' +
          '`complete_in_progress` (a payment is being settled, or its outcome is not known yet: a message says ' +
          'which; do not pay again), `completed` (paid; ' +
          '`payment.receipt` and `order` say by which payment), `canceled` (expired unpaid, with a message ' +
          '`expired`), or `incomplete` (payments are not configured). The session id is the capability that reads ' +
          'it: no credential, and nobody else learns it. Sessions unpaid 7 days after they expired are deleted ' +
          '(404 then). Never cached.',
        successDescription: 'The session.',
        errorResponses: {
          404: alias
            ? 'No session with this id (RESOURCE_NOT_FOUND); the sessions are those of /v1/agent/ucp/checkout/{id}.'
            : 'No session with this id (RESOURCE_NOT_FOUND).',
        },
      },
    })
    .input(ZGetCheckoutInput)
    .output(ZCheckoutSession)
    .query(async ({ ctx, input }) => {
      const row = await findSession(ctx.sql, input.id);
      if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session "${input.id.slice(0, 100)}".`);
      ctx.response.headers['Cache-Control'] = 'no-store';
      return checkoutSessionView(row, ctx.urls, ucpPaymentConfig(ctx), ctx.clock.now());
    });
}

/** The spec's path (4.5). */
export const getCheckout = checkoutReading('/v1/agent/ucp/checkout/{id}', 'agent-ucpGetCheckout');
