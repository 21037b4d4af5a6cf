import { contractWalletVerifier } from '../../adapters/x402/contract-wallets.ts';
import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';

/**
 * The services plus the EIP-1271 check of contract wallets that sign in to re-read the paid
 * reference (adapters/x402/contract-wallets.ts, over PAYMENT_RPC_URL). Kept when the services
 * already carry one; absent without PAYMENT_RPC_URL (then only EOA wallets sign in).
 */
export function withContractWallets(services: CoreServices, config: Pick<Config, 'payments'>): CoreServices {
  const { rpc } = config.payments;
  if (services.contractWallets || !rpc) return services;
  return { ...services, contractWallets: contractWalletVerifier(rpc) };
}
