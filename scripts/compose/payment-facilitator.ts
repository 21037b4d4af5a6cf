import { x402Facilitator } from '../../adapters/x402/x402-facilitator.ts';
import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';

/**
 * The services plus the facilitator port of the paid reference's purchase (adapters/x402/): one per
 * app, so its resource server starts once and a failed start is remembered across requests. Kept
 * when the services already carry one; absent without PAYMENT_FACILITATOR_URL.
 */
export function withPaymentFacilitator(services: CoreServices, config: Pick<Config, 'payments'>): CoreServices {
  const { facilitator } = config.payments;
  if (services.paymentFacilitator || !facilitator) return services;
  return { ...services, paymentFacilitator: x402Facilitator(facilitator) };
}
