import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionData,
  encodeFunctionResult,
  numberToHex,
  pad,
  parseAbi,
  toEventSelector,
  toHex,
  type Hex,
} from 'viem';

const ABI = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const USED = toEventSelector('AuthorizationUsed(address,bytes32)');
const CANCELED = toEventSelector('AuthorizationCanceled(address,bytes32)');
/** Seconds between blocks (Base's). */
const BLOCK_SECONDS = 2n;

/** A log as a token emits it: its contract, topics and data. */
export interface EmittedLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
}

const topicOf = (address: string): Hex => pad(address.toLowerCase() as Hex, { size: 32 });

/** The ERC-20 `Transfer(from, to, value)` of `asset`. */
export function transferLog(asset: string, from: string, to: string, value: bigint): EmittedLog {
  return {
    address: asset as Hex,
    topics: [TRANSFER, topicOf(from), topicOf(to)],
    data: numberToHex(value, { size: 32 }),
  };
}

/** EIP-3009's `AuthorizationUsed(authorizer, nonce)` of `asset`. */
export function usedLog(asset: string, authorizer: string, nonce: string): EmittedLog {
  return { address: asset as Hex, topics: [USED, topicOf(authorizer), nonce as Hex], data: '0x' };
}

/** EIP-3009's `AuthorizationCanceled(authorizer, nonce)` of `asset`. */
export function canceledLog(asset: string, authorizer: string, nonce: string): EmittedLog {
  return { address: asset as Hex, topics: [CANCELED, topicOf(authorizer), nonce as Hex], data: '0x' };
}

interface Mined {
  hash: Hex;
  block: bigint;
  status: '0x1' | '0x0';
  logs: EmittedLog[];
}

export interface ChainDouble {
  /** http://127.0.0.1:<port>: PAYMENT_RPC_URL. */
  url: string;
  /** JSON-RPC calls per method. */
  calls: Record<string, number>;
  /** The block ranges eth_getLogs was asked for. */
  logRanges: { from: bigint; to: bigint }[];
  /** `error500`: every call answers HTTP 500 (the endpoint is down). */
  fault: 'error500' | undefined;
  /** The chain id eth_chainId answers (84532, Base Sepolia, unless a test changes it). */
  chainId: number;
  /** Authorizations used on chain: `${asset}:${authorizer}:${nonce}`, lower-case. */
  used: Set<string>;
  /** The latest block's timestamp becomes `seconds` (unix): blocks are 2 s apart. */
  setTime(seconds: bigint): void;
  /** Mines a transaction in the latest block; answers its hash. */
  mine(logs: EmittedLog[], options?: { status?: 'success' | 'reverted'; hash?: string }): Hex;
  close(): Promise<void>;
}

/**
 * The "local chain double": an EVM JSON-RPC endpoint on 127.0.0.1 holding a simulated chain (blocks 2 s
 * apart, the latest at the present) with mined transactions, their logs, and the EIP-3009 token's
 * authorizationState. Answers what the settlement reconciler's adapter asks: eth_chainId,
 * eth_getBlockByNumber, eth_getTransactionReceipt (null when unknown), eth_call of
 * authorizationState(authorizer, nonce) and eth_getLogs (address, topics with alternatives, block range).
 */
export async function startChainDouble(): Promise<ChainDouble> {
  const genesis = BigInt(Math.floor(Date.now() / 1000)) - 2_000_000n * BLOCK_SECONDS;
  let latest = 2_000_000n;
  const mined: Mined[] = [];
  const double: Omit<ChainDouble, 'url' | 'close'> = {
    calls: {},
    logRanges: [],
    fault: undefined,
    chainId: 84532,
    used: new Set(),
    setTime(seconds) {
      latest = (seconds - genesis) / BLOCK_SECONDS;
    },
    mine(logs, options = {}) {
      const hash = (options.hash ?? `0x${randomBytes(32).toString('hex')}`) as Hex;
      mined.push({ hash, block: latest, status: options.status === 'reverted' ? '0x0' : '0x1', logs });
      return hash;
    },
  };

  const blockOf = (number: bigint) => ({
    number: toHex(number),
    hash: pad(toHex(number + 1n), { size: 32 }),
    parentHash: pad(toHex(number), { size: 32 }),
    timestamp: toHex(genesis + number * BLOCK_SECONDS),
    gasLimit: '0x1c9c380',
    gasUsed: '0x0',
    baseFeePerGas: '0x1',
    miner: '0x0000000000000000000000000000000000000000',
    extraData: '0x',
    logsBloom: `0x${'0'.repeat(512)}`,
    transactions: [],
    uncles: [],
  });
  const rpcLog = (transaction: Mined, log: EmittedLog, index: number) => ({
    ...log,
    blockNumber: toHex(transaction.block),
    blockHash: pad(toHex(transaction.block + 1n), { size: 32 }),
    transactionHash: transaction.hash,
    transactionIndex: '0x0',
    logIndex: toHex(index),
    removed: false,
  });
  const matches = (wanted: unknown, topic: Hex | undefined) =>
    wanted === null ||
    wanted === undefined ||
    (Array.isArray(wanted)
      ? wanted.some((each) => String(each).toLowerCase() === topic?.toLowerCase())
      : String(wanted).toLowerCase() === topic?.toLowerCase());

  function answer(method: string, params: unknown[]): unknown {
    if (method === 'eth_chainId') return toHex(double.chainId);
    if (method === 'eth_blockNumber') return toHex(latest);
    if (method === 'eth_getBlockByNumber') {
      const [tag] = params as [string];
      const number = tag === 'latest' ? latest : BigInt(tag);
      return number > latest ? null : blockOf(number);
    }
    if (method === 'eth_getTransactionReceipt') {
      const [hash] = params as [string];
      const transaction = mined.find((each) => each.hash.toLowerCase() === hash.toLowerCase());
      if (!transaction) return null;
      return {
        transactionHash: transaction.hash,
        blockNumber: toHex(transaction.block),
        blockHash: pad(toHex(transaction.block + 1n), { size: 32 }),
        transactionIndex: '0x0',
        from: '0x1111111111111111111111111111111111111111',
        to: transaction.logs[0]?.address ?? null,
        status: transaction.status,
        gasUsed: '0x5208',
        cumulativeGasUsed: '0x5208',
        effectiveGasPrice: '0x1',
        type: '0x2',
        contractAddress: null,
        logsBloom: `0x${'0'.repeat(512)}`,
        logs: transaction.logs.map((log, index) => rpcLog(transaction, log, index)),
      };
    }
    if (method === 'eth_call') {
      const [{ to, data }] = params as [{ to: string; data: Hex }];
      const { args } = decodeFunctionData({ abi: ABI, data });
      const [authorizer, nonce] = args;
      const used = double.used.has(`${to}:${authorizer}:${nonce}`.toLowerCase());
      return encodeFunctionResult({ abi: ABI, functionName: 'authorizationState', result: used });
    }
    if (method === 'eth_getLogs') {
      const [filter] = params as [{ address: string; topics: unknown[]; fromBlock: Hex; toBlock: Hex }];
      const from = BigInt(filter.fromBlock);
      const to = BigInt(filter.toBlock);
      double.logRanges.push({ from, to });
      return mined
        .filter((transaction) => transaction.status === '0x1' && transaction.block >= from && transaction.block <= to)
        .flatMap((transaction) =>
          transaction.logs
            .map((log, index) => ({ log, index }))
            .filter(
              ({ log }) =>
                log.address.toLowerCase() === filter.address.toLowerCase() &&
                filter.topics.every((wanted, position) => matches(wanted, log.topics[position])),
            )
            .map(({ log, index }) => rpcLog(transaction, log, index)),
        );
    }
    throw new Error(`method ${method} is not served by the double`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: number;
        method: string;
        params: unknown[];
      };
      double.calls[body.method] = (double.calls[body.method] ?? 0) + 1;
      if (double.fault === 'error500') {
        res.writeHead(500).end('down');
        return;
      }
      let reply;
      try {
        reply = { jsonrpc: '2.0', id: body.id, result: answer(body.method, body.params) };
      } catch (error) {
        reply = { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: (error as Error).message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
