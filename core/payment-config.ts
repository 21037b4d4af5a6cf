import { z } from 'zod';
import { booleanFromEnv, wholeNumber } from './env-values.ts';

/** An EVM address: 0x and 40 hex digits (any case: the checksum is not required). */
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected an EVM address: 0x and 40 hex digits' });

/** Hosts a plain-http facilitator may have: this machine only (a local facilitator in development and tests). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** `text` without the slashes it ends with, found without a regex that rescans from every slash. */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/**
 * The facilitator's base URL: https, or http on a loopback host; no credentials (they would travel
 * in logs: PAYMENT_FACILITATOR_AUTH_HEADER carries them), query or fragment. The trailing slash is
 * dropped (the client appends /verify, /settle, /supported).
 */
const facilitatorUrl = z
  .url({ protocol: /^https?$/, message: 'expected an absolute https URL such as https://facilitator.example.com' })
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || isLoopbackHost(url.hostname), {
    message: 'expected https (plain http only for 127.0.0.0/8, [::1] or localhost)',
  })
  .refine((url) => !url.username && !url.password && !url.search && !url.hash, {
    message: 'expected no credentials, query or fragment (put a credential in PAYMENT_FACILITATOR_AUTH_HEADER)',
  })
  .transform((url) => withoutTrailingSlashes(url.href));

/**
 * The EVM JSON-RPC endpoint (an operator's, never a user's): https, or http on a loopback host; no
 * credentials in the userinfo, no fragment. Providers put an API key in the path, so the whole URL
 * is kept in a Secret (never logged).
 */
const rpcUrl = z
  .url({ protocol: /^https?$/, message: 'expected an absolute https URL such as https://rpc.example.com' })
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || isLoopbackHost(url.hostname), {
    message: 'expected https (plain http only for 127.0.0.0/8, [::1] or localhost)',
  })
  .refine((url) => !url.username && !url.password && !url.hash, { message: 'expected no credentials or fragment' })
  .transform((url) => url.href);

/**
 * `Name: value`, one header sent on every facilitator call (verify, settle, supported). Messages
 * never repeat the value: it is a credential (config.ts keeps it in a Secret).
 */
const authHeader = z.string().transform((raw, issue) => {
  // The value is trimmed in code: spaces around it as optional quantifiers beside the value's own
  // would let a long run of spaces backtrack quadratically (eslint regexp/no-super-linear-backtracking).
  const match = /^([!#$%&'*+.^\w`|~-]+):([\t\x20-\x7e]*)$/.exec(raw);
  const value = match?.[2]!.trim();
  if (!match || !value || value.includes('\t')) {
    issue.addIssue({
      code: 'custom',
      message: 'expected "Name: value" (a header name, a colon, a non-empty visible-ASCII value)',
    });
    return z.NEVER;
  }
  return { name: match[1]!, value };
});

/** The payment variables of the environment (core/config.ts spreads them into its schema). */
export const paymentEnvironment = {
  PAYMENT_PAY_TO: evmAddress
    .optional()
    .describe(
      "Wallet (`0x` + 40 hex) that receives the paid reference's payments. Unset: `GET /v1/agent/paid-reference` answers 503 `PAYMENT_NOT_CONFIGURED` and the terms say `available: false`.",
    ),
  PAYMENT_NETWORK: z
    .string()
    .regex(/^eip155:[1-9]\d{0,19}$/, { message: 'expected a CAIP-2 EVM network such as eip155:8453' })
    .default('eip155:84532')
    .describe('CAIP-2 EVM network (`eip155:8453` Base, `eip155:84532` Base Sepolia).'),
  PAYMENT_ASSET: evmAddress
    .optional()
    .describe(
      "Token contract (6 decimals, EIP-3009). Unset: the network's USDC (Base `0x8335...2913`, Base Sepolia `0x036C...CF7e`); required on other networks.",
    ),
  PAYMENT_ASSET_NAME: z
    .string()
    .regex(/^[\x20-\x7e]{1,64}$/, { message: 'expected 1 to 64 visible ASCII characters' })
    .optional()
    .describe(
      "The token's EIP-712 domain name. Unset: `USD Coin` on Base, `USDC` on Base Sepolia; required for any other asset.",
    ),
  PAYMENT_ASSET_VERSION: z
    .string()
    .regex(/^[\x21-\x7e]{1,16}$/, { message: 'expected 1 to 16 visible ASCII characters' })
    .optional()
    .describe("The token's EIP-712 domain version. Unset: `2` on Base and Base Sepolia; required for any other asset."),
  PAYMENT_FACILITATOR_URL: facilitatorUrl
    .optional()
    .describe(
      'x402 facilitator base URL (`/verify`, `/settle`, `/supported` are appended). https; plain http only for 127.0.0.0/8, `[::1]` and `localhost`; no credentials, query or fragment. Unset: 503 `PAYMENT_NOT_CONFIGURED`.',
    ),
  PAYMENT_FACILITATOR_AUTH_HEADER: authHeader
    .optional()
    .describe(
      '`Name: value`, a header sent on every facilitator call (for example `Authorization: Bearer ...`); never logged.',
    ),
  PAYMENT_FACILITATOR_TIMEOUT_MS: wholeNumber(100, 120_000, 'milliseconds')
    .default(10_000)
    .describe(
      'Deadline of each facilitator request. Verify is retried at most twice within this time; settle only if the request never left.',
    ),
  PAYMENT_RPC_URL: rpcUrl
    .optional()
    .describe(
      'EVM JSON-RPC endpoint of `PAYMENT_NETWORK`, used to check the EIP-1271 signatures of contract wallets that sign in to re-read the paid reference (sign-in-with-x; `eth_getCode`, `eth_call`) and by the settlement reconciler to decide from the chain a payment the facilitator leaves pending (`eth_getTransactionReceipt`, `eth_call` of `authorizationState`, `eth_getLogs`, `eth_getBlockByNumber`, `eth_chainId`). https; plain http only for 127.0.0.0/8, `[::1]` and `localhost`; an API key in its path is kept out of logs. Unset: only EOA wallets can sign in, and a settlement the facilitator leaves ambiguous stays pending (the operator checks the chain).',
    ),
  PAYMENT_RPC_TIMEOUT_MS: wholeNumber(100, 30_000, 'milliseconds')
    .default(3000)
    .describe(
      'Deadline of each call to `PAYMENT_RPC_URL`, never retried (a sign-in: the buyer signs a new challenge; the reconciler: its next attempt).',
    ),
  PAYMENT_MAX_TIMEOUT_SECONDS: wholeNumber(30, 3600, 'seconds')
    .default(300)
    .describe('x402 `maxTimeoutSeconds`: how long a signed authorization may take to settle.'),
  PAYMENT_IDENTIFIER_REQUIRED: booleanFromEnv
    .default(false)
    .describe(
      'Declare the x402 `payment-identifier` extension as required: a payment without `extensions["payment-identifier"].info.id` is 400 `PAYMENT_IDENTIFIER_REQUIRED`. Default `false` (declared, optional).',
    ),
  PAYMENT_RECONCILE_INTERVAL_MS: wholeNumber(1000, 86_400_000, 'milliseconds')
    .default(30_000)
    .describe(
      'How often the settlement reconciler (in the process that runs the webhook worker, and in `npm run worker`) asks the facilitator again about `settlement_pending` payments; also the `Retry-After` of a pending answer.',
    ),
};

type PaymentEnvironment = z.infer<z.ZodObject<typeof paymentEnvironment>>;

/**
 * The USDC contract of the networks whose asset needs no configuration, with its EIP-712 domain
 * (what the token's DOMAIN_SEPARATOR is built from: a client refuses to sign without it, and a
 * wrong one makes every signature invalid). The same as @x402/evm's DEFAULT_ASSETS
 * (test/payments/config.test.ts holds them together).
 */
export const KNOWN_USDC: Readonly<Record<string, { address: string; name: string; version: string }>> = {
  'eip155:8453': { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2' },
  'eip155:84532': { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2' },
};

/** The asset payments are taken in: a 6-decimals USD token (1 USD = 1,000,000 atomic units) with its EIP-712 domain. */
interface PaymentAsset {
  address: string;
  name: string;
  version: string;
}

/** A value kept out of logs and JSON (config.ts's Secret) that only `reveal()` hands over. */
interface Revealable<T> {
  reveal(): T;
}

export interface PaymentConfig {
  /** The receiving wallet (PAYMENT_PAY_TO); unset: payments are not configured. */
  payTo: string | undefined;
  /** CAIP-2 network id. */
  network: string;
  asset: PaymentAsset;
  /** Unset: payments are not configured. */
  facilitator:
    | {
        url: string;
        /** Sent on verify, settle and supported; never logged. */
        authHeader: Revealable<{ name: string; value: string }> | undefined;
        /** Per facilitator request (the retries share a budget of about twice this). */
        timeoutMs: number;
      }
    | undefined;
  /** The longest a signed authorization may take to settle (x402 maxTimeoutSeconds). */
  maxTimeoutSeconds: number;
  /** PAYMENT_RPC_URL (a Secret: it may hold an API key) and its deadline; unset: contract wallets cannot sign in, the reconciler reads no chain. */
  rpc?: { url: Revealable<string>; timeoutMs: number } | undefined;
  /** Whether the 402 declares payment-identifier as required (PAYMENT_IDENTIFIER_REQUIRED). */
  identifierRequired: boolean;
  /** How often the settlement reconciler runs (PAYMENT_RECONCILE_INTERVAL_MS). */
  reconcileIntervalMs: number;
}

/**
 * The payment configuration from the validated variables, or the problems (each naming its
 * variable): an unknown network needs PAYMENT_ASSET, and an asset other than the network's known
 * USDC needs its EIP-712 name and version.
 */
export function resolvePaymentConfig(
  values: PaymentEnvironment,
  keepSecret: <T>(value: T) => Revealable<T>,
): { config: PaymentConfig } | { problems: string[] } {
  const network = values.PAYMENT_NETWORK;
  const known = KNOWN_USDC[network];
  const problems: string[] = [];
  let asset: PaymentAsset | undefined;
  if (values.PAYMENT_ASSET === undefined && known === undefined) {
    problems.push(
      `PAYMENT_ASSET: required for ${network} (a default is known only for ${Object.keys(KNOWN_USDC).join(' and ')}): the address of a 6-decimals USD token with EIP-3009`,
    );
  } else {
    const address = values.PAYMENT_ASSET ?? known!.address;
    const isKnown = known !== undefined && known.address.toLowerCase() === address.toLowerCase();
    const name = values.PAYMENT_ASSET_NAME ?? (isKnown ? known.name : undefined);
    const version = values.PAYMENT_ASSET_VERSION ?? (isKnown ? known.version : undefined);
    if (name === undefined) problems.push("PAYMENT_ASSET_NAME: required for this asset (its EIP-712 domain's name)");
    if (version === undefined)
      problems.push("PAYMENT_ASSET_VERSION: required for this asset (its EIP-712 domain's version)");
    if (name !== undefined && version !== undefined)
      asset = { address: isKnown ? known.address : address, name, version };
  }
  if (!asset) return { problems };
  const facilitator = values.PAYMENT_FACILITATOR_URL && {
    url: values.PAYMENT_FACILITATOR_URL,
    authHeader: values.PAYMENT_FACILITATOR_AUTH_HEADER && keepSecret(values.PAYMENT_FACILITATOR_AUTH_HEADER),
    timeoutMs: values.PAYMENT_FACILITATOR_TIMEOUT_MS,
  };
  return {
    config: {
      payTo: values.PAYMENT_PAY_TO,
      network,
      asset,
      facilitator: facilitator || undefined,
      maxTimeoutSeconds: values.PAYMENT_MAX_TIMEOUT_SECONDS,
      rpc: values.PAYMENT_RPC_URL
        ? { url: keepSecret(values.PAYMENT_RPC_URL), timeoutMs: values.PAYMENT_RPC_TIMEOUT_MS }
        : undefined,
      identifierRequired: values.PAYMENT_IDENTIFIER_REQUIRED,
      reconcileIntervalMs: values.PAYMENT_RECONCILE_INTERVAL_MS,
    },
  };
}
