import { pushHeaders } from '../../a2a/push/push-headers.ts';
import { claimDelivery, claimDueDeliveries, type InFlight } from '../delivery-claim.query.ts';
import { webhookHeaders } from '../signature.ts';
import type { SignedDelivery, WebhookDispatchDeps } from './dispatch-deps.ts';
import { signingMaterial, type SigningMaterial } from './signing-material.ts';

/** Which rows to claim: the one named (send now, whatever its schedule), or the due ones under this claimer's shares. */
export type ClaimSelection =
  | { deliveryId: string }
  | {
      limit: number;
      perBusiness: number;
      perEndpoint: number;
      busyBusinesses: readonly InFlight[];
      busyEndpoints: readonly InFlight[];
    };

/**
 * Claims deliveries under a lease and signs each with its Standard Webhooks headers (an A2A push
 * config's endpoint adds its own: push-headers.ts), here in core so the secrets never reach the transport. A delivery whose secret does not open comes back with
 * `error` and no headers: its attempt is recorded as failed, nothing is posted.
 */
export async function claimSigned(deps: WebhookDispatchDeps, selection: ClaimSelection): Promise<SignedDelivery[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + deps.leaseMs);
  const rows =
    'deliveryId' in selection
      ? [await claimDelivery(deps.em, selection.deliveryId, now, lease)].filter((row) => row !== undefined)
      : await claimDueDeliveries(deps.em, now, lease, selection.limit, selection);
  if (rows.length === 0) return [];
  const key = await deps.services().webhooks.secretKey(deps.log);
  const timestamp = Math.floor(now.getTime() / 1000);
  // A burst claims many rows of one endpoint: its secrets and keys are opened once per claim.
  const opened = new Map<string, SigningMaterial>();
  return rows.map((row): SignedDelivery => {
    const base = {
      id: row.id,
      businessId: row.business_id,
      endpointId: row.endpoint_id,
      url: row.url,
      body: row.payload,
      attempts: row.attempts,
      lease,
    };
    try {
      const material = opened.get(row.endpoint_id) ?? signingMaterial(key, row, now);
      opened.set(row.endpoint_id, material);
      const push = pushHeaders(
        key,
        {
          endpointId: row.endpoint_id,
          wireVersion: row.push_wire_version,
          hasToken: row.push_has_token,
          authScheme: row.push_auth_scheme,
          authCredentialsCiphertext: row.push_auth_credentials_ciphertext,
        },
        material.currentSecret,
      );
      return {
        ...base,
        headers: {
          ...push,
          ...webhookHeaders({
            id: row.event_id,
            timestamp,
            body: row.payload,
            secrets: material.secrets,
            signingKeys: material.signingKeys,
          }),
        },
      };
    } catch (error) {
      deps.log.error({ err: error, endpoint: row.endpoint_id }, 'webhook secret does not open');
      return { ...base, headers: {}, error: 'The endpoint signing secret could not be opened.' };
    }
  });
}
