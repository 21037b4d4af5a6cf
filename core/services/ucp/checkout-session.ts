import type { SiteUrls } from '../../context.ts';
import { REFERENCE_ITEM, REFERENCE_QUANTITY, type CheckoutTotal, type ReferenceLineItem } from './catalogue.ts';
import type { CheckoutSessionRow } from './checkout-sessions.query.ts';
import type { UcpPaymentConfig } from './payment-config.ts';
import { X402_HANDLER_ID, checkoutResponseMetadata, namedX402Handlers } from './profile.ts';
import { ucpUrls } from './urls.ts';

/** How long a new session can be paid: 30 minutes, ample for an agent that pays by x402 at once. */
const CHECKOUT_SESSION_TTL_MINUTES = 30;
/** How long an unpaid session is kept after it expired (its GET answers `canceled`), in days; then swept. */
const CHECKOUT_SESSION_RETENTION_DAYS = 7;

const MINUTE_MS = 60 * 1000;

/** When a session created at `now` expires. */
export function checkoutSessionExpiry(now: Date): Date {
  return new Date(now.getTime() + CHECKOUT_SESSION_TTL_MINUTES * MINUTE_MS);
}

/** The instant before which expired sessions are swept. */
export function checkoutSessionSweepBefore(now: Date): Date {
  return new Date(now.getTime() - CHECKOUT_SESSION_RETENTION_DAYS * 24 * 60 * MINUTE_MS);
}

/** The one line and the totals of every session, amounts in minor units (cents). */
export function referenceOrder(): { lineItems: ReferenceLineItem[]; totals: CheckoutTotal[] } {
  const amount = REFERENCE_ITEM.price * REFERENCE_QUANTITY;
  const totals: CheckoutTotal[] = [
    { type: 'subtotal', amount },
    { type: 'total', amount },
  ];
  return {
    lineItems: [{ id: 'li_1', item: { ...REFERENCE_ITEM }, quantity: REFERENCE_QUANTITY, totals }],
    totals,
  };
}

/** ISO 8601 UTC text of a timestamptz column (a Date or the driver's text). */
function instant(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * The status a session shows now: `completed` once paid; `complete_in_progress` while a payment holds
 * it (being verified or settled, settled and not yet recorded on the session, or sent for settlement
 * with an outcome the facilitator never told: UCP's status for a completion the business is still
 * processing, which is not payable; messages say which); `canceled` once expired unpaid (UCP has no
 * expired status; a message says why); `incomplete` while payments are not configured (nothing can
 * complete it, a message says so); else `ready_for_complete`: everything is known, and paying the
 * handoff URL completes it (there is no separate complete call).
 */
function currentStatus(row: CheckoutSessionRow, payment: UcpPaymentConfig | undefined, now: Date) {
  if (row.status === 'completed') return 'completed' as const;
  if (row.status === 'canceled') return 'canceled' as const;
  if (row.live_payment) return 'complete_in_progress' as const;
  if (new Date(row.expires_at).getTime() <= now.getTime()) return 'canceled' as const;
  if (!payment) return 'incomplete' as const;
  return 'ready_for_complete' as const;
}

function statusMessages(status: ReturnType<typeof currentStatus>, row: CheckoutSessionRow) {
  switch (status) {
    case 'complete_in_progress':
      return [
        row.live_payment === 'settlement_pending'
          ? {
              type: 'info' as const,
              code: 'payment_outcome_unknown',
              content:
                'A payment for this session was sent for settlement and the payment facilitator has not confirmed how ' +
                'it ended; it may have been taken. The service asks the facilitator again: the session completes, or ' +
                'becomes payable again if nothing was charged. Do not pay again meanwhile.',
            }
          : {
              type: 'info' as const,
              code: 'payment_in_progress',
              content: 'A payment for this session is being settled; read the session again in a few seconds.',
            },
      ];
    case 'canceled':
      return [
        row.canceled_at !== null
          ? {
              type: 'info' as const,
              code: 'canceled',
              content: `This checkout session was canceled at ${instant(row.canceled_at)} and can no longer be paid; create a new one.`,
            }
          : {
              type: 'info' as const,
              code: 'expired',
              content: `This checkout session expired at ${instant(row.expires_at)} unpaid and can no longer be paid; create a new one.`,
            },
      ];
    case 'incomplete':
      return [
        {
          type: 'error' as const,
          code: 'payment_unavailable',
          content:
            'Payments are not configured on this service yet, so this session cannot be paid; the profile lists no payment handler.',
          severity: 'unrecoverable' as const,
        },
      ];
    default:
      return [];
  }
}

/**
 * A session as UCP answers it (the checkout capability's shape, amounts in minor units), with every
 * URL absolute. Its `payment.handoff` is how it is paid: GET the paid reference with this session's
 * id, paying its x402 402 answer; that payment completes the session and delivers the reference.
 */
export function checkoutSessionView(
  row: CheckoutSessionRow,
  urls: SiteUrls,
  payment: UcpPaymentConfig | undefined,
  now: Date,
) {
  const links = ucpUrls(urls);
  const status = currentStatus(row, payment, now);
  const completed = row.status === 'completed';
  return {
    ucp: checkoutResponseMetadata(urls, payment),
    id: row.id,
    status,
    currency: row.currency,
    line_items: row.line_items,
    totals: row.totals,
    ...(row.buyer ? { buyer: row.buyer } : {}),
    links: [
      {
        type: 'terms_of_service',
        url: links.paidReferenceTerms,
        title: 'Terms of the paid reference: what it is, its price and how it is paid',
      },
    ],
    messages: statusMessages(status, row),
    expires_at: instant(row.expires_at),
    payment: {
      handlers: namedX402Handlers(urls, payment),
      handoff: {
        url: links.handoff(row.id),
        method: 'GET' as const,
        protocol: 'x402' as const,
        handler_id: X402_HANDLER_ID,
        available: status === 'ready_for_complete',
        description:
          'GET this URL: it answers HTTP 402 with the x402 v2 terms in its PAYMENT-REQUIRED header; send the same GET ' +
          'again with a PAYMENT-SIGNATURE for them. Once the payment settles the answer is the reference (200) and ' +
          'this session is completed with the payment as its receipt.',
      },
      receipt: completed
        ? {
            payment_id: row.payment_id!,
            transaction: row.payment_transaction,
            payer: row.payment_payer,
            completed_at: instant(row.completed_at!),
          }
        : null,
    },
    ...(completed ? { order: { id: row.id, permalink_url: links.session(row.id) } } : {}),
  };
}
