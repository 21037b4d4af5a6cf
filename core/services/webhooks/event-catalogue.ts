import { z } from 'zod';
import { ZCustomer } from '../../domain/workspace/customer.schema.ts';
import { ZJob } from '../../domain/workspace/job.schema.ts';
import { ZGetEstimateOutput } from '../../routers/workspace/estimates/get-estimate.schema.ts';
import { ZGetInvoiceOutput } from '../../routers/workspace/invoices/get-invoice.schema.ts';
import { ZPayment } from '../../routers/workspace/payments/payment.schema.ts';
import { ZPaymentReceived } from '../../routers/payments/payment.schema.ts';
import { ZCheckoutSession } from '../../routers/ucp/checkout-session.schema.ts';
import type { BillingEventType } from '../workspace/billing-event-types.ts';
import { billingEventExamples } from './billing-event-examples.ts';
import { directoryClaimEventDefinitions } from './directory-claim-events.ts';
import type { OutboxEventType } from '../workspace/outbox.query.ts';
import { fieldWorkEventDefinitions } from './field-work/event-definitions.ts';
import { customerExample, jobExample } from './field-work/examples.ts';
import { operationalEventDefinitions } from './operational-events.ts';
import { sellerEventExamples } from './seller-event-examples.ts';

/** The `data` of a `webhook.test` event: enough for a receiver to see its endpoint and the time. */
export const ZWebhookTestData = z.object({
  message: z.string().describe('A fixed sentence saying this is a test delivery.'),
  endpoint_id: z.uuid().describe('The endpoint the test was sent to.'),
  sent_at: z.iso.datetime().describe('When the test was requested (ISO 8601 UTC).'),
});

export interface WebhookEventDefinition {
  /** The event type a receiver switches on. */
  type: string;
  /** What happened, for the receiver (the docs, the OpenAPI `webhooks` section, the paid reference). */
  description: string;
  /** The procedures whose success emits it, by kebab-case name: MCP tools or /api/trpc writes (empty: the service itself, e.g. the test endpoint). */
  emittedBy: readonly string[];
  /** The schema of the event's `data`. */
  data: z.ZodType;
  /** What the event is about (the envelope's `entity.type`), e.g. `customer`. */
  entityType: string;
  /** A realistic `data`, valid against `data`: the OpenAPI example and what `npm run admin -- trigger` sends. */
  example: Record<string, unknown>;
}

/**
 * Estimates, invoices and customer payments: each written in the transaction of the status change or
 * payment it reports, with the record as the matching get-procedure answers it at that moment.
 */
const billingEvents: Record<BillingEventType, WebhookEventDefinition> = {
  'estimate.sent': {
    type: 'estimate.sent',
    description:
      'An estimate went from draft to sent (its issued_on is the day it was sent, in the business time zone). `data` is the estimate as get-estimate answers it. Once per estimate.',
    emittedBy: ['send-estimate'],
    data: ZGetEstimateOutput,
    entityType: 'estimate',
    example: billingEventExamples['estimate.sent'],
  },
  'estimate.approved': {
    type: 'estimate.approved',
    description:
      'The customer accepted a sent estimate: it is approved, and approved_option_id names the option chosen. `data` is the estimate as get-estimate answers it. Once per estimate.',
    emittedBy: ['approve-estimate'],
    data: ZGetEstimateOutput,
    entityType: 'estimate',
    example: billingEventExamples['estimate.approved'],
  },
  'estimate.declined': {
    type: 'estimate.declined',
    description:
      'The customer declined a sent estimate. `data` is the estimate as get-estimate answers it. Once per estimate.',
    emittedBy: ['decline-estimate'],
    data: ZGetEstimateOutput,
    entityType: 'estimate',
    example: billingEventExamples['estimate.declined'],
  },
  'invoice.issued': {
    type: 'invoice.issued',
    description:
      'A draft invoice was issued: it is open (payable), issued_on is the day of issue in the business time zone, due_on its due date. `data` is the invoice as get-invoice answers it. Once per invoice.',
    emittedBy: ['issue-invoice'],
    data: ZGetInvoiceOutput,
    entityType: 'invoice',
    example: billingEventExamples['invoice.issued'],
  },
  'invoice.paid': {
    type: 'invoice.paid',
    description:
      "A payment brought an open invoice's balance to 0: it is paid. Sent after that payment's customer_payment.created, from the same transaction. `data` is the invoice as get-invoice answers it. Once per invoice.",
    emittedBy: ['record-payment'],
    data: ZGetInvoiceOutput,
    entityType: 'invoice',
    example: billingEventExamples['invoice.paid'],
  },
  'invoice.overdue': {
    type: 'invoice.overdue',
    description:
      "An open invoice with a balance passed its due date (due_on before today in the business time zone); found by the service's periodic check within about 10 minutes. `data` is the invoice as get-invoice answers it (is_overdue true). Once per invoice, even if it is later paid.",
    emittedBy: [],
    data: ZGetInvoiceOutput,
    entityType: 'invoice',
    example: billingEventExamples['invoice.overdue'],
  },
  'customer_payment.created': {
    type: 'customer_payment.created',
    description:
      'A payment from a customer was recorded against an invoice of the business. Not a seller event: payment.settled and payment.failed are payments to the operator of this service. `data` is the payment as get-payment answers it.',
    emittedBy: ['record-payment'],
    data: ZPayment,
    entityType: 'customer_payment',
    example: billingEventExamples['customer_payment.created'],
  },
};

/** The workspace writes' events: keyed by the outbox type, so a new outbox type does not compile until catalogued. */
const outboxEvents: Record<OutboxEventType, WebhookEventDefinition> = {
  'customer.created': {
    type: 'customer.created',
    description:
      'A customer was created in the business. `data` is the stored customer, exactly as the create-customer tool answered it.',
    emittedBy: ['create-customer'],
    data: ZCustomer,
    entityType: 'customer',
    example: customerExample,
  },
  'job.created': {
    type: 'job.created',
    description:
      'A job was created in the business. `data` is the stored job, exactly as the create-job tool answered it.',
    emittedBy: ['create-job'],
    data: ZJob,
    entityType: 'job',
    example: jobExample,
  },
  ...fieldWorkEventDefinitions,
  ...billingEvents,
  ...directoryClaimEventDefinitions,
};

/**
 * The seller's events: what this service sells (the paid reference, over x402 and UCP checkout),
 * recorded only for the operator's business named by SELLER_EVENTS_BUSINESS_ID, each in the same
 * statement or transaction as the change it reports (core/services/purchase/seller-events.ts).
 */
const sellerEvents: readonly WebhookEventDefinition[] = [
  {
    type: 'payment.settled',
    description:
      "Seller event, sent only to the operator's business (SELLER_EVENTS_BUSINESS_ID): a payment for the paid " +
      'reference settled (the money moved to the receiving wallet). `data` is the receipt as the receipts list ' +
      '(`npm run admin -- list-payments-received`) shows it: payer, amount, asset, network, transaction hash, ' +
      'checkout session; never the signed payload. Once per payment.',
    emittedBy: [],
    data: ZPaymentReceived,
    entityType: 'payment_received',
    example: sellerEventExamples['payment.settled'],
  },
  {
    type: 'payment.failed',
    description:
      "Seller event, sent only to the operator's business (SELLER_EVENTS_BUSINESS_ID): the facilitator refused to " +
      'settle a payment for the paid reference after naming a transaction, so nothing was delivered; `failure` ' +
      'says why. A payment refused before settling (its reservation released, nothing charged) is no event. ' +
      '`data` is the receipt as the receipts list shows it. Once per payment.',
    emittedBy: [],
    data: ZPaymentReceived,
    entityType: 'payment_received',
    example: sellerEventExamples['payment.failed'],
  },
  {
    type: 'checkout.completed',
    description:
      "Seller event, sent only to the operator's business (SELLER_EVENTS_BUSINESS_ID): a UCP checkout session was " +
      'paid through its x402 handoff and completed. `data` is the session as GET /v1/agent/ucp/checkout/{id} ' +
      'answered it at that moment (status `completed`, `payment.receipt`, `order`). Once per session.',
    emittedBy: [],
    data: ZCheckoutSession,
    entityType: 'checkout_session',
    example: sellerEventExamples['checkout.completed'],
  },
];

/**
 * Every event type a webhook endpoint can receive, sorted by type: the one list that the event-types
 * endpoint, the OpenAPI document's `webhooks` section and the paid reference are built from, and that
 * `enabled_events` is validated against.
 */
export const webhookEventCatalogue: readonly WebhookEventDefinition[] = [
  ...Object.values(outboxEvents),
  ...sellerEvents,
  ...operationalEventDefinitions,
  {
    type: 'webhook.test',
    description:
      'Sent only by POST /v1/webhook-endpoints/{id}/test, to that endpoint, whatever events it enabled: checks the ' +
      'receiver and its signature verification. `data` names the endpoint and when the test was requested.',
    emittedBy: [],
    data: ZWebhookTestData,
    entityType: 'webhook_endpoint',
    example: sellerEventExamples['webhook.test'],
  },
].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));

export const webhookEventTypes: readonly string[] = webhookEventCatalogue.map((event) => event.type);

/** The event type of test deliveries (always delivered to the endpoint tested, enabled or not). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The body of every delivery: the envelope around one event. `id` is the stable `webhook-id` header
 * too (the same on every retry; deduplicate on it), `created_at` when the event happened (not when
 * this attempt was sent: that is `webhook-timestamp`).
 */
export function webhookEnvelope<Data extends z.ZodType>(type: string, entityType: string, data: Data) {
  return z.object({
    id: z.uuid().describe('The event id, also sent as the webhook-id header; the same on every retry.'),
    type: z.literal(type).describe('The event type.'),
    created_at: z.iso.datetime().describe('When the event was recorded (ISO 8601 UTC).'),
    occurred_at: z.iso
      .datetime()
      .describe('When the change it reports happened (ISO 8601 UTC); the same instant as created_at for most events.'),
    business_id: z.uuid().describe('The business (workspace) the event belongs to.'),
    entity: z
      .object({
        type: z.literal(entityType).describe('The kind of thing the event is about.'),
        id: z.uuid().describe('Its id.'),
      })
      .describe('What the event is about; `sequence` counts within it.'),
    sequence: z
      .number()
      .int()
      .min(0)
      .describe(
        "The event's place in its entity's history: 1, 2, 3… in commit order, so a receiver can order and de-duplicate " +
          'per entity (keep the highest seen; ignore lower ones). 0 for an event outside any history (webhook.test).',
      ),
    test: z.boolean().describe('A sample event (a test delivery or `npm run admin -- trigger`), not a real change.'),
    data,
  });
}
