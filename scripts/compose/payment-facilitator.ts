import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';
import type { PaymentFacilitator } from '../../core/services/purchase/facilitator-port.ts';
import { loadOnce } from './load-once.ts';
import { withSettlementChain } from './settlement-chain.ts';

/**
 * The services plus the facilitator port of the paid reference's purchase (adapters/x402/): one per
 * app, so its resource server starts once and a failed start is remembered across requests. Kept
 * when the services already carry one; absent without PAYMENT_FACILITATOR_URL. With it, the chain reads
 * its reconciler decides open settlements with (PAYMENT_RPC_URL): every process that reconciles composes this.
 * The adapter and the x402 library load at the port's first use.
 */
export function withPaymentFacilitator(given: CoreServices, config: Pick<Config, 'payments'>): CoreServices {
  const services = withSettlementChain(given, config);
  const { facilitator } = config.payments;
  if (services.paymentFacilitator || !facilitator) return services;
  const adapter = loadOnce(async () =>
    (await import('../../adapters/x402/x402-facilitator.ts')).x402Facilitator(facilitator),
  );
  const paymentFacilitator: PaymentFacilitator = {
    open: async (terms) => (await adapter()).open(terms),
    resettle: async (settlement) => (await adapter()).resettle(settlement),
  };
  return { ...services, paymentFacilitator };
}
