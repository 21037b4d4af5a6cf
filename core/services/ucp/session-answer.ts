import type { Context } from '../../context.ts';
import { checkoutSessionView } from './checkout-session.ts';
import type { CheckoutSessionRow } from './checkout-sessions.query.ts';
import type { NegotiatedUcp } from './negotiation.ts';
import { ucpPaymentConfig } from './payment-config.ts';

/** A message about one operation's outcome (UCP message_error / message_info). */
interface SessionMessage {
  type: 'info' | 'error';
  code: string;
  content: string;
  severity?: 'recoverable' | 'unrecoverable';
  path?: string;
}

/**
 * A checkout session as every checkout operation answers it: the session's view, its `ucp` carrying
 * the negotiated version and capabilities (UCP: "the ucp field in every response"; the business's own
 * when the request named no profile), never cached, with `extra` messages about this operation.
 */
export function sessionAnswer(
  ctx: Pick<Context, 'urls' | 'services' | 'clock' | 'response'>,
  row: CheckoutSessionRow,
  negotiated: NegotiatedUcp | undefined,
  extra: SessionMessage[] = [],
) {
  const view = checkoutSessionView(row, ctx.urls, ucpPaymentConfig(ctx), ctx.clock.now());
  ctx.response.headers['Cache-Control'] = 'no-store';
  const messages: SessionMessage[] = [...view.messages, ...extra];
  return {
    ...view,
    ucp: negotiated ? { ...view.ucp, capabilities: negotiated.capabilities } : view.ucp,
    messages,
  };
}
