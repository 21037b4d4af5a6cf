import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { authorizationTypes } from '@x402/evm';
import { verifyTypedData, type Address, type Hex } from 'viem';

/**
 * How a facilitator endpoint misbehaves: held past the client's timeout, a 500, or a refusal;
 * `garbled-*` answers as told but with NUL bytes, unpaired surrogates and oversized text in the
 * fields a service stores (transaction, payer, reasons), as a broken or hostile facilitator might.
 */
type VerifyFault = 'slow' | 'error500' | 'invalid';
type SettleFault =
  | 'slow'
  | 'error500'
  | 'failure'
  | 'garbled-failure'
  | 'garbled-success'
  /** Broadcasts the transfer, then answers 500 / drops the connection / answers x402's `settlement_pending`. */
  | 'error500-after-broadcast'
  | 'drop-after-broadcast'
  | 'pending';

/** Text no database column can take as it is: NUL, a lone surrogate, and more than any bound. */
const GARBLE = `\u0000\ud800${'x'.repeat(5000)}`;

export interface LocalFacilitator {
  /** http://127.0.0.1:<port>: PAYMENT_FACILITATOR_URL. */
  url: string;
  /** Requests per endpoint (every attempt counts). */
  calls: { verify: number; settle: number; supported: number };
  faults: { verify?: VerifyFault; settle?: SettleFault; supported?: 'error500' };
  /** How long `slow` holds an answer (then answers normally: a settle that did happen, late). */
  slowMs: number;
  /** The auth header values seen, per endpoint. */
  authorizations: string[];
  /**
   * Milliseconds spent handling requests, summed: from each request's arrival to its answer written
   * (reading the body, the checks, the signature recovery). What a bench subtracts as facilitator time.
   */
  busyMs: number;
  /** Settled payments, in order. */
  settled: { transaction: string; payer: string; nonce: string }[];
  /** Transfers broadcast per nonce (lower-case): a re-settle of the same payload never adds one. */
  transfers: Map<string, number>;
  /** Stops listening: later calls meet a refused connection. */
  close(): Promise<void>;
}

interface Body {
  paymentPayload?: {
    x402Version?: number;
    accepted?: { scheme?: string; network?: string };
    payload?: {
      signature?: string;
      authorization?: Record<'from' | 'to' | 'value' | 'validAfter' | 'validBefore' | 'nonce', string>;
    };
  };
  paymentRequirements?: {
    scheme: string;
    network: string;
    amount: string;
    asset: string;
    payTo: string;
    extra: { name?: string; version?: string };
  };
}

type Check = { isValid: true; payer: string } | { isValid: false; invalidReason: string; payer?: string };

/**
 * Checks a payment as a facilitator does before settling it, without a chain: the scheme and
 * network, the recipient and the value against the requirements, the validity window, an unused
 * nonce, and the EIP-3009 TransferWithAuthorization signature itself (viem's verifyTypedData over
 * the token's EIP-712 domain: name and version from `extra`, the chain id, the token contract).
 */
async function check(body: Body, used: Set<string>): Promise<Check> {
  const payload = body.paymentPayload;
  const requirements = body.paymentRequirements;
  const authorization = payload?.payload?.authorization;
  if (!payload || !requirements || !authorization || !payload.payload?.signature)
    return { isValid: false, invalidReason: 'invalid_payload' };
  const payer = authorization.from;
  const refuse = (invalidReason: string): Check => ({ isValid: false, invalidReason, payer });
  if (payload.x402Version !== 2) return refuse('invalid_x402_version');
  if (requirements.scheme !== 'exact' || payload.accepted?.scheme !== 'exact') return refuse('unsupported_scheme');
  if (payload.accepted?.network !== requirements.network) return refuse('invalid_network');
  if (authorization.to.toLowerCase() !== requirements.payTo.toLowerCase())
    return refuse('invalid_exact_evm_payload_recipient_mismatch');
  if (BigInt(authorization.value) !== BigInt(requirements.amount))
    return refuse('invalid_exact_evm_payload_authorization_value');
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (BigInt(authorization.validBefore) < now + 6n)
    return refuse('invalid_exact_evm_payload_authorization_valid_before');
  if (BigInt(authorization.validAfter) > now) return refuse('invalid_exact_evm_payload_authorization_valid_after');
  if (used.has(`${requirements.network}:${payer.toLowerCase()}:${authorization.nonce.toLowerCase()}`))
    return refuse('invalid_exact_evm_payload_authorization_nonce_used');
  const valid = await verifyTypedData({
    address: payer as Address,
    domain: {
      name: requirements.extra.name,
      version: requirements.extra.version,
      chainId: Number(requirements.network.split(':')[1]),
      verifyingContract: requirements.asset as Address,
    },
    types: authorizationTypes,
    primaryType: 'TransferWithAuthorization',
    message: {
      from: payer as Address,
      to: authorization.to as Address,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce as Hex,
    },
    signature: payload.payload.signature as Hex,
  }).catch(() => false);
  return valid ? { isValid: true, payer } : refuse('invalid_exact_evm_payload_signature');
}

async function readJson(request: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * An x402 facilitator for development and tests, on 127.0.0.1 only (`npm run dev:facilitator`):
 * POST /verify, POST /settle and GET /supported as the x402 facilitator HTTP API describes them,
 * for the `exact` scheme on `network`. It really checks the EIP-3009 signature (viem) and the terms,
 * but never touches a chain: settling marks the nonce used (a second settle of one payment fails)
 * and answers a made-up transaction hash, so no money moves. `faults` switch an endpoint to
 * misbehave (tests); `close()` makes it unreachable. Port 0: any free port.
 */
export async function startLocalFacilitator(network: string, port = 0): Promise<LocalFacilitator> {
  const used = new Set<string>();
  /**
   * The pending-settlement store (as the x402 SDK's facilitator keeps one): what was broadcast per
   * authorization, so a re-settle of the same signed payload answers the same transaction instead of
   * broadcasting again (or refusing the used nonce).
   */
  const broadcast = new Map<string, { transaction: string; signature: string; payer: string }>();
  const sockets = new Set<Socket>();
  const facilitator: Omit<LocalFacilitator, 'url' | 'close'> = {
    calls: { verify: 0, settle: 0, supported: 0 },
    faults: {},
    slowMs: 2000,
    authorizations: [],
    busyMs: 0,
    settled: [],
    transfers: new Map(),
  };
  const server = createServer((request, response) => {
    const arrived = performance.now();
    response.on('finish', () => (facilitator.busyMs += performance.now() - arrived));
    void (async () => {
      const path = request.url ?? '';
      const auth = request.headers.authorization;
      if (auth) facilitator.authorizations.push(auth);
      if (request.method === 'GET' && path === '/supported') {
        facilitator.calls.supported++;
        if (facilitator.faults.supported === 'error500') return send(response, 500, { error: 'boom' });
        return send(response, 200, {
          kinds: [{ x402Version: 2, scheme: 'exact', network }],
          extensions: [],
          signers: {},
        });
      }
      if (request.method !== 'POST' || (path !== '/verify' && path !== '/settle')) return send(response, 404, {});
      const body = await readJson(request);
      const operation = path === '/verify' ? 'verify' : 'settle';
      facilitator.calls[operation]++;
      const fault = facilitator.faults[operation];
      if (fault === 'error500') return send(response, 500, { error: 'internal error' });
      if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, facilitator.slowMs));
      const settleKey = `${body.paymentRequirements?.network ?? network}:${(body.paymentPayload?.payload?.authorization?.from ?? '').toLowerCase()}:${(body.paymentPayload?.payload?.authorization?.nonce ?? '').toLowerCase()}`;
      const known = operation === 'settle' ? broadcast.get(settleKey) : undefined;
      if (known && known.signature === body.paymentPayload?.payload?.signature) {
        // The same signed payload again: reconcile against the broadcast transaction, never a second transfer.
        if (fault === 'pending')
          return send(response, 200, {
            success: false,
            errorReason: 'settlement_pending',
            transaction: known.transaction,
            network: body.paymentRequirements?.network ?? network,
            payer: known.payer,
          });
        if (fault === 'failure')
          return send(response, 200, { success: false, errorReason: 'transaction_failed', transaction: '', network });
        return send(response, 200, {
          success: true,
          transaction: known.transaction,
          network: body.paymentRequirements?.network ?? network,
          payer: known.payer,
        });
      }
      const checked = await check(body, used);
      if (operation === 'verify') {
        if (fault === 'invalid')
          return send(response, 200, { isValid: false, invalidReason: 'insufficient_funds', payer: checked.payer });
        return send(response, 200, checked);
      }
      const settleNetwork = body.paymentRequirements?.network ?? network;
      if (fault === 'garbled-failure') {
        return send(response, 200, {
          success: false,
          errorReason: `transaction_failed${GARBLE}`,
          errorMessage: `reverted\u0000${GARBLE}`,
          transaction: `0xdead\u0000beef\udc00`,
          network: settleNetwork,
          payer: `${checked.payer ?? ''}\u0000`,
        });
      }
      if (fault === 'failure' || !checked.isValid) {
        const errorReason = fault === 'failure' || checked.isValid ? 'transaction_failed' : checked.invalidReason;
        return send(response, 200, {
          success: false,
          errorReason,
          transaction: '',
          network: settleNetwork,
          payer: checked.payer,
        });
      }
      const authorization = body.paymentPayload!.payload!.authorization!;
      used.add(`${settleNetwork}:${checked.payer.toLowerCase()}:${authorization.nonce.toLowerCase()}`);
      const transaction = `0x${randomBytes(32).toString('hex')}`;
      facilitator.settled.push({ transaction, payer: checked.payer, nonce: authorization.nonce });
      const nonceKey = authorization.nonce.toLowerCase();
      facilitator.transfers.set(nonceKey, (facilitator.transfers.get(nonceKey) ?? 0) + 1);
      broadcast.set(settleKey, {
        transaction,
        signature: body.paymentPayload!.payload!.signature!,
        payer: checked.payer,
      });
      if (fault === 'error500-after-broadcast') return send(response, 500, { error: 'internal error' });
      if (fault === 'drop-after-broadcast') {
        response.socket?.destroy();
        return;
      }
      if (fault === 'pending')
        return send(response, 200, {
          success: false,
          errorReason: 'settlement_pending',
          transaction,
          network: settleNetwork,
          payer: checked.payer,
        });
      if (fault === 'garbled-success') {
        return send(response, 200, {
          success: true,
          transaction: `${transaction}\u0000\ud800`,
          network: `${settleNetwork}\u0000`,
          payer: `${checked.payer}\u0000`,
        });
      }
      return send(response, 200, { success: true, transaction, network: settleNetwork, payer: checked.payer });
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(facilitator, {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
