/**
 * What core counts for the operator (GET /api/metrics), said without a metrics library: the
 * composition root fills it with the Prometheus registry of the running service. Every label value
 * is one of the fixed sets below or a budget's name from the configuration, never a request's text,
 * so the series stay bounded whatever clients send.
 */
export interface ServiceMetrics {
  /** A payment of the paid reference came to an end (its settlement recorded, or its reservation released). */
  paymentOutcome(outcome: PaymentOutcome): void;
  /** One webhook attempt was recorded, with what it decided for its delivery. */
  webhookAttempt(outcome: WebhookAttemptOutcome): void;
  /** A request budget refused a request (RATE_LIMITED), by the budget's name (RateLimitPolicy.name). */
  rateLimitRefused(budget: string): void;
}

/**
 * settled: the receipt; failed: the facilitator refused it naming a transaction; unknown: the facilitator
 * never said how it ended; released: nothing settled and the reservation was freed.
 */
type PaymentOutcome = 'settled' | 'failed' | 'settlement_pending' | 'released';

/** delivered: 2xx; retrying: scheduled again; failed: the delivery gave up (or its endpoint was disabled). */
type WebhookAttemptOutcome = 'delivered' | 'retrying' | 'failed';
