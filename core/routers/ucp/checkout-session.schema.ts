import { z } from 'zod';
import { ZUcpPaymentHandler, ZUcpPaymentHandlers } from './ucp-metadata.schema.ts';

const ZTotal = z.object({
  type: z.string().describe('`subtotal` or `total`.'),
  amount: z.number().int().describe('Minor units of `currency` (cents).'),
});

const ZMessage = z.object({
  type: z.enum(['info', 'error']),
  path: z.string().optional().describe('RFC 9535 JSONPath of what the message is about.'),
  code: z
    .string()
    .describe(
      '`expired` (the session expired unpaid), `canceled` (its platform canceled it), `payment_unavailable` ' +
        '(payments not configured), `payment_required` (Complete Checkout before the handoff was paid: pay it), ' +
        '`complete_in_progress` (an update refused while a payment holds the session), ' +
        '`payment_in_progress` (a payment is being settled), `payment_outcome_unknown` (a settlement whose ' +
        'outcome is not known yet: do not pay again).',
    ),
  content: z.string(),
  severity: z.enum(['recoverable', 'unrecoverable']).optional(),
});

/** A UCP checkout session for the paid reference (UCP 2026-08-25 checkout), as created and read. */
export const ZCheckoutSession = z
  .object({
    ucp: z.object({
      version: z.literal('2026-08-25'),
      capabilities: z.object({ 'dev.ucp.shopping.checkout': z.array(z.object({ version: z.string() })) }),
      payment_handlers: ZUcpPaymentHandlers,
    }),
    id: z.string().describe('The session id: a random uuid, and the only key that reads the session.'),
    status: z
      .enum(['incomplete', 'ready_for_complete', 'complete_in_progress', 'completed', 'canceled'])
      .describe(
        '`ready_for_complete`: pay the handoff URL to complete it; `complete_in_progress`: a payment holds it ' +
          '(being settled, or its outcome not known yet; messages say which) and it cannot be paid; ' +
          '`completed`: paid (see payment.receipt); `canceled`: canceled by its platform, or expired unpaid ' +
          '(messages say which); ' +
          '`incomplete`: payments are not configured.',
      ),
    currency: z.literal('USD'),
    line_items: z.array(
      z.object({
        id: z.string(),
        item: z.object({
          id: z.literal('agent-reference'),
          title: z.string(),
          price: z.literal(100).describe('Unit price in minor units (cents).'),
        }),
        quantity: z.literal(1),
        totals: z.array(ZTotal),
      }),
    ),
    totals: z.array(ZTotal).describe('`subtotal` and `total`, in minor units.'),
    buyer: z.record(z.string(), z.string()).optional().describe('As given when the session was created.'),
    links: z.array(z.object({ type: z.string(), url: z.string().describe('Absolute URL.'), title: z.string() })),
    messages: z.array(ZMessage),
    expires_at: z.string().describe('RFC 3339: until when the session can be paid (30 minutes after creation).'),
    payment: z.object({
      handlers: z.array(ZUcpPaymentHandler.extend({ name: z.string().describe('The reverse-DNS handler name.') })),
      handoff: z
        .object({
          url: z.string().describe('Absolute URL: {base_url}/v1/agent/paid-reference?checkout_session=<id>.'),
          method: z.literal('GET'),
          protocol: z.literal('x402'),
          handler_id: z.string(),
          available: z.boolean().describe('Whether the session can be paid now.'),
          description: z.string(),
        })
        .describe('How the session is paid: the paid reference, tied to this session.'),
      receipt: z
        .object({
          payment_id: z.string(),
          transaction: z.string().nullable(),
          payer: z.string().nullable(),
          completed_at: z.string(),
        })
        .nullable()
        .describe('The payment that completed the session; null until then.'),
    }),
    order: z
      .object({ id: z.string(), permalink_url: z.string().describe('Absolute URL of this session.') })
      .optional()
      .describe('Present once completed.'),
  })
  .meta({ id: 'UcpCheckoutSession' });
