import {
  BaseError,
  createPublicClient,
  http,
  numberToHex,
  pad,
  parseAbi,
  toEventSelector,
  toHex,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PaymentConfig } from '../../core/payment-config.ts';
import type {
  AuthorizedTransfer,
  SettlementChainReader,
  TransactionFacts,
} from '../../core/services/purchase/settlement-chain-port.ts';

const EIP3009_ABI = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const AUTHORIZATION_USED = toEventSelector('AuthorizationUsed(address,bytes32)');
const AUTHORIZATION_CANCELED = toEventSelector('AuthorizationCanceled(address,bytes32)');

/** Blocks per eth_getLogs (providers cap a query's range, some at a few thousand blocks). */
const LOG_CHUNK_BLOCKS = 1000n;
/** eth_getLogs calls per payment at most: with the chunk, the widest range searched. */
const MAX_LOG_CHUNKS = 20n;
/** Blocks searched beyond the estimated bounds of the time window: the estimate's error. */
const SLACK_BLOCKS = 50n;
/** Blocks behind the latest whose timestamps give the chain's average block time. */
const SAMPLE_BLOCKS = 1000n;
/** getBlock calls refining one block estimate at most. */
const REFINEMENTS = 3;

interface RpcLog {
  address: string;
  topics: readonly (string | null)[];
  data: string;
  transactionHash: string | null;
  removed?: boolean;
}

/** viem's one-line summary of a failure: its full message names the URL, which may hold an API key. */
function withoutUrl(error: unknown): Error {
  const summary = (error as { shortMessage?: unknown }).shortMessage;
  const message = error instanceof Error && !(error instanceof BaseError) ? error.message : undefined;
  return new Error(
    `the EVM JSON-RPC endpoint (PAYMENT_RPC_URL) failed: ${typeof summary === 'string' ? summary : (message ?? 'no answer')}`,
  );
}

const same = (a: string | null | undefined, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The log is exactly the asset's event with these topics and data (the node's filter is not trusted). */
function isLog(log: RpcLog, asset: string, topics: readonly Hex[], data: Hex): boolean {
  return (
    log.removed !== true &&
    same(log.address, asset) &&
    log.topics.length === topics.length &&
    topics.every((topic, index) => same(log.topics[index], topic)) &&
    same(log.data, data)
  );
}

const topicOf = (address: Hex): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/**
 * The settlement-chain port (core/services/purchase/settlement-chain-port.ts) over viem's public
 * client on PAYMENT_RPC_URL: eth_getTransactionReceipt, eth_call of the EIP-3009 token's
 * authorizationState at the latest block, eth_getLogs of its AuthorizationUsed/AuthorizationCanceled
 * over a bounded block range. Each call is bounded by PAYMENT_RPC_TIMEOUT_MS and never retried (the
 * reconciler asks again on its next attempt); the endpoint must serve the payment's chain. Errors
 * never carry the URL.
 */
export function settlementChainReader(rpc: NonNullable<PaymentConfig['rpc']>): SettlementChainReader {
  const client: PublicClient = createPublicClient({
    transport: http(rpc.url.reveal(), { timeout: rpc.timeoutMs, retryCount: 0 }),
  });
  let chainId: Promise<number> | undefined;

  async function call<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw withoutUrl(error);
    }
  }

  /** A payment of another chain than the endpoint's is never judged by it. */
  async function sameChain(network: string): Promise<void> {
    chainId ??= call(() => client.getChainId()).catch((error: unknown) => {
      chainId = undefined;
      throw error;
    });
    const id = await chainId;
    if (network !== `eip155:${id}`)
      throw new Error(`the EVM JSON-RPC endpoint (PAYMENT_RPC_URL) serves eip155:${id}, not the payment's network`);
  }

  async function latestBlock(): Promise<{ number: bigint; timestamp: bigint }> {
    const block = await call(() => client.getBlock({ blockTag: 'latest' }));
    return { number: block.number, timestamp: block.timestamp };
  }

  /** The number of a block near instant `t` (unix seconds): extrapolated from the average block time, then refined. */
  async function blockNear(t: bigint, latest: { number: bigint; timestamp: bigint }, secondsPerBlock: number) {
    const clamp = (n: bigint) => (n < 0n ? 0n : n > latest.number ? latest.number : n);
    if (t >= latest.timestamp) return latest.number;
    let estimate = clamp(latest.number - BigInt(Math.ceil(Number(latest.timestamp - t) / secondsPerBlock)));
    for (let step = 0; step < REFINEMENTS; step++) {
      const at = estimate;
      const block = await call(() => client.getBlock({ blockNumber: at }));
      const off = Math.round(Number(block.timestamp - t) / secondsPerBlock);
      if (off === 0) break;
      const next = clamp(estimate - BigInt(off));
      if (next === estimate) break;
      estimate = next;
    }
    return estimate;
  }

  async function receiptFacts(transaction: Hex, transfer: AuthorizedTransfer, nonce: Hex): Promise<TransactionFacts> {
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: transaction });
    } catch (error) {
      if (error instanceof BaseError && error.walk((cause) => cause instanceof TransactionReceiptNotFoundError))
        return { kind: 'none' };
      throw withoutUrl(error);
    }
    const logs = receipt.logs as readonly RpcLog[];
    const used = logs.some((log) =>
      isLog(log, transfer.asset, [AUTHORIZATION_USED, topicOf(transfer.payer), nonce], '0x'),
    );
    const moved = logs.some((log) =>
      isLog(
        log,
        transfer.asset,
        [TRANSFER, topicOf(transfer.payer), topicOf(transfer.payTo)],
        numberToHex(transfer.amount, { size: 32 }),
      ),
    );
    return { kind: 'mined', succeeded: receipt.status === 'success', transfers: used && moved };
  }

  return {
    async transaction(transaction, transfer, nonce) {
      await sameChain(transfer.network);
      return receiptFacts(transaction, transfer, nonce);
    },

    async authorizationState(transfer, nonce) {
      await sameChain(transfer.network);
      const latest = await latestBlock();
      const used = await call(() =>
        client.readContract({
          address: transfer.asset,
          abi: EIP3009_ABI,
          functionName: 'authorizationState',
          args: [transfer.payer, nonce],
          blockNumber: latest.number,
        }),
      );
      return { used, blockTimestamp: latest.timestamp };
    },

    async authorizationEvents(transfer, nonce, window) {
      await sameChain(transfer.network);
      const latest = await latestBlock();
      const sampleFrom = latest.number > SAMPLE_BLOCKS ? latest.number - SAMPLE_BLOCKS : 0n;
      let secondsPerBlock = 1;
      if (sampleFrom < latest.number) {
        const sample = await call(() => client.getBlock({ blockNumber: sampleFrom }));
        const measured = Number(latest.timestamp - sample.timestamp) / Number(latest.number - sampleFrom);
        if (measured > 0) secondsPerBlock = measured;
      }
      const start = await blockNear(window.from, latest, secondsPerBlock);
      const end = await blockNear(window.to, latest, secondsPerBlock);
      const fromBlock = start > SLACK_BLOCKS ? start - SLACK_BLOCKS : 0n;
      let toBlock = end + SLACK_BLOCKS > latest.number ? latest.number : end + SLACK_BLOCKS;
      if (toBlock - fromBlock + 1n > LOG_CHUNK_BLOCKS * MAX_LOG_CHUNKS)
        toBlock = fromBlock + LOG_CHUNK_BLOCKS * MAX_LOG_CHUNKS - 1n;
      const topics = [[AUTHORIZATION_USED, AUTHORIZATION_CANCELED], topicOf(transfer.payer), nonce] as const;
      let usedIn: Hex | undefined;
      let canceledIn: Hex | undefined;
      for (let from = fromBlock; from <= toBlock && usedIn === undefined; from += LOG_CHUNK_BLOCKS) {
        const to = from + LOG_CHUNK_BLOCKS - 1n < toBlock ? from + LOG_CHUNK_BLOCKS - 1n : toBlock;
        const logs = (await call(() =>
          client.request({
            method: 'eth_getLogs',
            params: [{ address: transfer.asset, topics: [...topics], fromBlock: toHex(from), toBlock: toHex(to) }],
          }),
        )) as readonly RpcLog[];
        for (const log of logs) {
          const hash = typeof log.transactionHash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(log.transactionHash);
          if (!hash) continue;
          const transaction = log.transactionHash as Hex;
          if (isLog(log, transfer.asset, [AUTHORIZATION_USED, topicOf(transfer.payer), nonce], '0x'))
            usedIn = transaction;
          else if (isLog(log, transfer.asset, [AUTHORIZATION_CANCELED, topicOf(transfer.payer), nonce], '0x'))
            canceledIn ??= transaction;
        }
      }
      return { usedIn, canceledIn, searched: { fromBlock, toBlock } };
    },
  };
}
