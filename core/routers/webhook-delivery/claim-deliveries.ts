import type { z } from 'zod';
import {
  claimDelivery,
  claimDueDeliveries,
  type ClaimedDelivery,
} from '../../services/webhooks/delivery-claim.query.ts';
import { openWebhookSecret } from '../../services/webhooks/secret-box.ts';
import { webhookHeaders } from '../../services/webhooks/signature.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZClaimDeliveriesInput, ZClaimDeliveriesOutput, type ZClaimedDelivery } from './claim-deliveries.schema.ts';

/** The secrets that sign an attempt: the current one, and the previous one until it expires. */
function signingSecrets(key: Buffer, row: ClaimedDelivery, now: Date): string[] {
  const secrets = [openWebhookSecret(key, row.endpoint_id, row.secret_ciphertext)];
  const expires = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : undefined;
  if (row.previous_secret_ciphertext && expires && expires > now) {
    secrets.push(openWebhookSecret(key, row.endpoint_id, row.previous_secret_ciphertext));
  }
  return secrets;
}

/**
 * Claims due deliveries (or the one named) under a lease and answers each ready to send: the exact
 * body and its Standard Webhooks headers, signed here so the secrets never leave core. System only:
 * the worker and the send-now port call it.
 */
export const claimDeliveries = systemProcedure
  .input(ZClaimDeliveriesInput)
  .output(ZClaimDeliveriesOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const lease = new Date(now.getTime() + input.lease_ms);
    const rows = input.delivery_id
      ? [await claimDelivery(ctx.sql, input.delivery_id, now, lease)].filter((row) => row !== undefined)
      : await claimDueDeliveries(ctx.sql, now, lease, input.limit, {
          perBusiness: input.per_business,
          perEndpoint: input.per_endpoint,
          busyBusinesses: input.busy_businesses.map((load) => ({ id: load.business_id, inFlight: load.in_flight })),
          busyEndpoints: input.busy.map((load) => ({ id: load.endpoint_id, inFlight: load.in_flight })),
        });
    if (rows.length === 0) return { deliveries: [] };
    const key = await ctx.services.webhooks.secretKey(ctx.log);
    const timestamp = Math.floor(now.getTime() / 1000);
    // A burst claims many rows of one endpoint: its secrets are opened once per claim.
    const opened = new Map<string, string[]>();
    return {
      deliveries: rows.map((row): z.infer<typeof ZClaimedDelivery> => {
        const base = {
          id: row.id,
          business_id: row.business_id,
          endpoint_id: row.endpoint_id,
          event_type: row.event_type,
          url: row.url,
          body: row.payload,
          attempts: row.attempts,
          lease: lease.toISOString(),
        };
        try {
          const secrets = opened.get(row.endpoint_id) ?? signingSecrets(key, row, now);
          opened.set(row.endpoint_id, secrets);
          return { ...base, headers: webhookHeaders({ id: row.event_id, timestamp, body: row.payload, secrets }) };
        } catch (error) {
          ctx.log.error({ err: error, endpoint: row.endpoint_id }, 'webhook secret does not open');
          return { ...base, headers: {}, error: 'The endpoint signing secret could not be opened.' };
        }
      }),
    };
  });
