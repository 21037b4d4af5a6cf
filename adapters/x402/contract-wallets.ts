import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  hashMessage,
  http,
  type PublicClient,
} from 'viem';
import type { PaymentConfig } from '../../core/payment-config.ts';
import type { ContractWalletVerifier } from '../../core/services/purchase/contract-wallet-port.ts';

/** EIP-1271's `isValidSignature(bytes32 hash, bytes signature) returns (bytes4)`. */
const EIP1271_ABI = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const;

/** What a valid signature makes `isValidSignature` answer. */
const MAGIC_VALUE = '0x1626ba7e';

/** viem's one-line summary of a failure: its full message names the URL, which may hold an API key. */
function withoutUrl(error: unknown): Error {
  const summary = (error as { shortMessage?: unknown }).shortMessage;
  return new Error(
    `the EVM JSON-RPC endpoint (PAYMENT_RPC_URL) failed: ${typeof summary === 'string' ? summary : 'no answer'}`,
  );
}

/** A call answered by a revert or no data (a contract without the function, or one that refuses) means "not valid", not a fault. */
function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk(
      (cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError,
    ) !== null
  );
}

/**
 * The contract-wallet port (core/services/purchase/contract-wallet-port.ts) over viem's public
 * client on PAYMENT_RPC_URL: `eth_getCode` (no code: not a contract wallet) and then `eth_call` of
 * `isValidSignature(hashMessage(message), signature)`, each bounded by PAYMENT_RPC_TIMEOUT_MS and
 * never retried (the buyer signs a new challenge). Errors never carry the URL.
 */
export function contractWalletVerifier(rpc: NonNullable<PaymentConfig['rpc']>): ContractWalletVerifier {
  const client: PublicClient = createPublicClient({
    transport: http(rpc.url.reveal(), { timeout: rpc.timeoutMs, retryCount: 0 }),
  });
  return {
    async verify({ address, message, signature }) {
      let code;
      try {
        code = await client.getCode({ address });
      } catch (error) {
        throw withoutUrl(error);
      }
      if (code === undefined || code === '0x') return false;
      try {
        const answer = await client.readContract({
          address,
          abi: EIP1271_ABI,
          functionName: 'isValidSignature',
          args: [hashMessage(message), signature],
        });
        return answer.toLowerCase() === MAGIC_VALUE;
      } catch (error) {
        if (isRevert(error)) return false;
        throw withoutUrl(error);
      }
    },
  };
}
