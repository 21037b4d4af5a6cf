import { claimSigned } from './claim-signed.ts';
import type { SignedDelivery, WebhookDispatchDeps } from './dispatch-deps.ts';

/** The most loads per kind handed to the claim: at most `concurrency` (100) have an attempt in flight. */
const MAX_LOADS = 100;

export interface FairClaimer {
  /** Claims up to `limit` due deliveries, each business and endpoint under its share counting what is in flight. */
  claim(limit: number): Promise<SignedDelivery[]>;
  /** The attempt of a claimed delivery is over (recorded, or given up): its slot counts no more. */
  release(delivery: SignedDelivery): void;
}

/**
 * The claim of one process's loop with its fairness: it counts this process's attempts in flight per
 * business and per endpoint and hands them to the claim, which leaves each only the rest of its share
 * (delivery-claim.query.ts), so one business's backlog to receivers that never answer holds its share
 * of the slots and no more. Does NOT cover other processes: each counts its own.
 */
export function createFairClaimer(
  deps: WebhookDispatchDeps,
  shares: { perBusiness: number; perEndpoint: number },
): FairClaimer {
  const perEndpointInFlight = new Map<string, number>();
  const perBusinessInFlight = new Map<string, number>();

  const count = (loads: Map<string, number>, id: string, by: number) => {
    const left = (loads.get(id) ?? 0) + by;
    if (left > 0) loads.set(id, left);
    else loads.delete(id);
  };
  const loads = (inFlight: Map<string, number>) =>
    [...inFlight].slice(0, MAX_LOADS).map(([id, load]) => ({ id, inFlight: load }));

  return {
    async claim(limit) {
      const deliveries = await claimSigned(deps, {
        limit,
        perBusiness: shares.perBusiness,
        perEndpoint: shares.perEndpoint,
        busyBusinesses: loads(perBusinessInFlight),
        busyEndpoints: loads(perEndpointInFlight),
      });
      for (const delivery of deliveries) {
        count(perEndpointInFlight, delivery.endpointId, 1);
        count(perBusinessInFlight, delivery.businessId, 1);
      }
      return deliveries;
    },
    release(delivery) {
      count(perEndpointInFlight, delivery.endpointId, -1);
      count(perBusinessInFlight, delivery.businessId, -1);
    },
  };
}
