import { z } from 'zod';

export const ZClaimDeliveriesInput = z.object({
  limit: z.number().int().min(1).max(100).default(8).describe('Most deliveries claimed by this call.'),
  lease_ms: z
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .describe('How long the claim holds each row: the attempt deadline plus a margin.'),
  per_business: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'Most attempts in flight for one business from this claimer, `busy_businesses` included (absent: `limit`).',
    ),
  per_endpoint: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe('Most attempts in flight to one endpoint from this claimer, `busy` included (absent: `limit`).'),
  busy: z
    .array(z.object({ endpoint_id: z.uuid(), in_flight: z.number().int().min(0) }))
    .max(100)
    .default([])
    .describe("The claimer's attempts already in flight, per endpoint."),
  busy_businesses: z
    .array(z.object({ business_id: z.uuid(), in_flight: z.number().int().min(0) }))
    .max(100)
    .default([])
    .describe("The claimer's attempts already in flight, per business."),
  delivery_id: z.uuid().optional().describe('Claim this pending delivery now, whatever its schedule ("send now").'),
});

export const ZClaimedDelivery = z.object({
  id: z.uuid(),
  business_id: z.uuid(),
  endpoint_id: z.uuid(),
  event_type: z.string(),
  url: z.string(),
  body: z.string().describe('The exact bytes to send (and that were signed).'),
  headers: z
    .record(z.string(), z.string())
    .describe('webhook-id, webhook-timestamp, webhook-signature, x-service-signature.'),
  attempts: z.number().int().describe('Attempts made before this one.'),
  lease: z.iso.datetime().describe('The lease to hand back with the attempt.'),
  error: z
    .string()
    .optional()
    .describe('Set when the delivery cannot be signed (its secret does not open): record it, send nothing.'),
});

export const ZClaimDeliveriesOutput = z.object({ deliveries: z.array(ZClaimedDelivery) });
