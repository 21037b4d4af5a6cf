/** One event, as the envelope every delivery body carries. */
export interface WebhookEvent {
  /** The event id: the `webhook-id` header too, the same on every attempt. */
  id: string;
  type: string;
  createdAt: Date;
  businessId: string;
  data: unknown;
}

/**
 * The exact JSON body of a delivery: `{id, type, created_at, business_id, data}` in that order (the
 * schema: webhookEnvelope in event-catalogue.ts). Stored as text in webhook_deliveries.payload, so
 * every attempt sends and signs the same bytes.
 */
export function webhookPayload(event: WebhookEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    business_id: event.businessId,
    data: event.data,
  });
}
