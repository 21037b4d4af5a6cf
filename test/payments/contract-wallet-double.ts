import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeFunctionData, encodeFunctionResult, recoverAddress, type Hex, type LocalAccount, parseAbi } from 'viem';

const ABI = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);

export interface ContractWalletDouble {
  /** http://127.0.0.1:<port>: PAYMENT_RPC_URL. */
  url: string;
  /** The contract wallet's address (it has code here). */
  address: Hex;
  /** JSON-RPC calls per method. */
  calls: Record<string, number>;
  /** `error500`: every call answers HTTP 500 (the endpoint is down). */
  fault: 'error500' | undefined;
  close(): Promise<void>;
}

/**
 * The "local contract double": an EVM JSON-RPC endpoint on 127.0.0.1 that knows one contract
 * wallet (EIP-1271) owned by `owner`. `eth_getCode` answers code for it and none for any other
 * address; `eth_call` of `isValidSignature(hash, signature)` answers the magic value 0x1626ba7e when
 * the signature recovers to the owner over that hash, 0xffffffff otherwise (as a simple owner-signed
 * smart wallet does).
 */
export async function startContractWalletDouble(owner: LocalAccount, address: Hex): Promise<ContractWalletDouble> {
  const double: Omit<ContractWalletDouble, 'url' | 'close'> = { address, calls: {}, fault: undefined };

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    if (method === 'eth_chainId') return '0x14a34';
    if (method === 'eth_getCode') {
      const [target] = params as [string];
      return target.toLowerCase() === address.toLowerCase() ? '0x6080604052' : '0x';
    }
    if (method === 'eth_call') {
      const [{ to, data }] = params as [{ to: string; data: Hex }];
      if (to.toLowerCase() !== address.toLowerCase()) return '0x';
      const { args } = decodeFunctionData({ abi: ABI, data });
      const [hash, signature] = args;
      let signer: string | undefined;
      try {
        signer = await recoverAddress({ hash, signature });
      } catch {
        signer = undefined;
      }
      const valid = signer?.toLowerCase() === owner.address.toLowerCase();
      return encodeFunctionResult({
        abi: ABI,
        functionName: 'isValidSignature',
        result: valid ? '0x1626ba7e' : '0xffffffff',
      });
    }
    throw new Error(`method ${method} is not served by the double`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
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
          reply = { jsonrpc: '2.0', id: body.id, result: await answer(body.method, body.params) };
        } catch (error) {
          reply = { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: (error as Error).message } };
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
