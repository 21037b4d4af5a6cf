import { settlementChainReader } from '../../adapters/x402/settlement-chain.ts';
import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';

/**
 * The services plus the chain reads the settlement reconciler decides open payments with
 * (adapters/x402/settlement-chain.ts, over PAYMENT_RPC_URL). Kept when the services already carry
 * one; absent without PAYMENT_RPC_URL (then what the facilitator leaves open stays pending).
 */
export function withSettlementChain(services: CoreServices, config: Pick<Config, 'payments'>): CoreServices {
  const { rpc } = config.payments;
  if (services.settlementChain || !rpc) return services;
  return { ...services, settlementChain: settlementChainReader(rpc) };
}
