import type { Config } from '../../core/config.ts';
import type { CoreServices } from '../../core/services/index.ts';
import type { ContractWalletVerifier } from '../../core/services/purchase/contract-wallet-port.ts';
import { loadOnce } from './load-once.ts';

/**
 * The services plus the EIP-1271 check of contract wallets that sign in to re-read the paid
 * reference (adapters/x402/contract-wallets.ts, over PAYMENT_RPC_URL). Kept when the services
 * already carry one; absent without PAYMENT_RPC_URL (then only EOA wallets sign in).
 * The adapter and viem load at the first check.
 */
export function withContractWallets(services: CoreServices, config: Pick<Config, 'payments'>): CoreServices {
  const { rpc } = config.payments;
  if (services.contractWallets || !rpc) return services;
  const adapter = loadOnce(async () =>
    (await import('../../adapters/x402/contract-wallets.ts')).contractWalletVerifier(rpc),
  );
  const contractWallets: ContractWalletVerifier = { verify: async (args) => (await adapter()).verify(args) };
  return { ...services, contractWallets };
}
