import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';
import type { SettlementChainReader } from '../../core/services/purchase/settlement-chain-port.ts';
import { loadOnce } from './load-once.ts';

/**
 * The services plus the chain reads the settlement reconciler decides open payments with
 * (adapters/x402/settlement-chain.ts, over PAYMENT_RPC_URL). Kept when the services already carry
 * one; absent without PAYMENT_RPC_URL (then what the facilitator leaves open stays pending).
 * The adapter and viem load at the first read.
 */
export function withSettlementChain(services: CoreServices, config: Pick<Config, 'payments'>): CoreServices {
  const { rpc } = config.payments;
  if (services.settlementChain || !rpc) return services;
  const adapter = loadOnce(async () =>
    (await import('../../adapters/x402/settlement-chain.ts')).settlementChainReader(rpc),
  );
  const settlementChain: SettlementChainReader = {
    transaction: async (transaction, transfer, nonce) => (await adapter()).transaction(transaction, transfer, nonce),
    authorizationState: async (transfer, nonce) => (await adapter()).authorizationState(transfer, nonce),
    authorizationEvents: async (transfer, nonce, window) =>
      (await adapter()).authorizationEvents(transfer, nonce, window),
  };
  return { ...services, settlementChain };
}
