import { inspect } from 'node:util';
import { join } from 'node:path';
import { z } from 'zod';
import { booleanFromEnv, wholeNumber } from './env-values.ts';
import { a2aStreamEnvironment, resolveA2aStreamConfig, type A2aStreamConfig } from './a2a-stream-config.ts';
import { eventFeedEnvironment, resolveEventFeedConfig, type EventFeedConfig } from './event-feed-config.ts';
import { paymentEnvironment, resolvePaymentConfig, type PaymentConfig } from './payment-config.ts';
import { resolveSamConfig, samEnvironment, type SamConfig } from './sam-config.ts';
import { resolveSellerConfig, sellerEnvironment, type SellerConfig } from './seller-config.ts';
import { resolveWebhookConfig, webhookEnvironment, type WebhookConfig } from './webhook-config.ts';

const positiveInt = (max: number) => wholeNumber(1, max);

const siteUrl = z
  .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL such as https://api.example.com' })
  .transform((value) => new URL(value))
  .refine((url) => url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password, {
    message: 'expected an origin only (scheme, host and optional port), without path, query, fragment or credentials',
  })
  .transform((url) => url.origin);

const databaseUrl = z
  .string()
  .refine((value) => /^postgres(?:ql)?:\/\//.test(value), { message: 'expected a postgres:// or postgresql:// URL' });

const commaList = (item: z.ZodType<string, string>, what: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(z.array(item, { message: `expected a comma-separated list of ${what}` }));

/** `example.com` (exactly that host) or `*.example.com` (its subdomains). */
const hostList = commaList(
  z.string().regex(/^(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}$/i, {
    message: 'expected host names such as app.example.com or *.example.com',
  }),
  'host names',
);
const urlList = commaList(z.url({ protocol: /^https$/, message: 'expected https URLs' }), 'https URLs');
const pathList = commaList(
  z.string().regex(/^\/[\w.~/-]*$/, { message: 'expected URL paths such as /callback' }),
  'paths',
);
/** Web origins (scheme, host, optional port) such as http://localhost:6274, compared in their serialised form. */
const originList = commaList(siteUrl, 'origins such as https://app.example.com');
/** RFC 8252 private-use schemes: reverse domain names such as com.example.app. */
const schemeList = commaList(
  z.string().regex(/^[a-z][a-z0-9+.-]*$/, { message: 'expected URI schemes such as com.example.app' }),
  'URI schemes',
);

/**
 * A secret that stays out of logs and JSON: printing or serialising it shows `[redacted]`.
 * `reveal()` is the one way to the value.
 */
export class Secret<T> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
  reveal(): T {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return 'Secret([redacted])';
  }
}

/** Standard base64 or base64url, padded or not, of exactly 32 bytes (an AES-256 key). */
const keyEncryptionKey = z
  .string()
  .trim()
  .refine((value) => /^[\w+/-]{43}=?$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    message: 'expected the base64 of exactly 32 random bytes (for example the output of `openssl rand -base64 32`)',
  })
  .transform((value) => new Secret(Buffer.from(value, 'base64')));

/**
 * Redirect URIs of hosted agent clients accepted without configuration: their products' fixed
 * OAuth callbacks, each from the product's published behaviour (docs/mcp-clients.md, "Where each client's
 * callbacks come from", names the source of each). OAUTH_HOSTED_CALLBACKS adds to it; OAUTH_VETTED_CALLBACKS=false
 * drops it.
 */
const vettedHostedCallbacks = [
  'https://claude.ai/api/mcp/auth_callback',
  'https://claude.com/api/mcp/auth_callback',
  'https://chatgpt.com/connector_platform_oauth_redirect',
  'https://chat.openai.com/connector_platform_oauth_redirect',
  'https://vscode.dev/redirect',
  'https://insiders.vscode.dev/redirect',
  'https://www.cursor.com/agents/mcp/oauth/callback',
] as const;

/**
 * Private-use schemes (RFC 8252 section 7.1) of desktop clients accepted without configuration:
 * Cursor registers `cursor://anysphere.cursor-mcp/oauth/callback`; VS Code and its Insiders
 * build, and Windsurf (a VS Code fork), hand callbacks to the editor by their own scheme.
 * OAUTH_PRIVATE_USE_SCHEMES adds to it; OAUTH_VETTED_CALLBACKS=false drops it.
 */
const vettedPrivateUseSchemes = ['cursor', 'vscode', 'vscode-insiders', 'windsurf'] as const;

/**
 * Every environment variable the service reads, with its default and its description: docs/configuration.md
 * is generated from it (`npm run docs:config`), so a variable's `.describe()` is its documentation.
 */
export const ZEnvironment = z.object({
  PORT: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'expected a port number' : undefined) })
    .int({ message: 'expected a port number' })
    .min(0, { message: 'expected a port number from 0 to 65535' })
    .max(65535, { message: 'expected a port number from 0 to 65535' })
    .default(3000)
    .describe('TCP port to listen on (`0`: any free port).'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Interface to bind.'),
  SITE_URL: siteUrl
    .optional()
    .describe(
      "The public origin (`{site_url}`), without path or trailing slash. Every absolute URL the service writes (OpenAPI `servers`, links, media) is built from it; `{base_url}` is `{site_url}/api`. It is also the OAuth issuer and the access tokens' audience, so every instance needs the same value. Unset: `http://localhost:$PORT`. Set it behind a proxy or TLS terminator.",
    ),
  DATABASE_URL: databaseUrl
    .optional()
    .describe(
      '`postgres://` or `postgresql://` URL of a PostgreSQL 15+ server. Unset: the embedded database (PGlite in `DATA_DIR`).',
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe(
      'Where the embedded database keeps its files (not used for data with `DATABASE_URL`), and the generated OAuth key-encryption key `oauth-kek` when `OAUTH_KEY_ENCRYPTION_KEY` is unset. One process per directory.',
    ),
  DB_POOL_MAX: positiveInt(200)
    .default(10)
    .describe('Connections per instance to a PostgreSQL server (the embedded database always uses one).'),
  EMBEDDED_IDLE_TRANSACTION_SECONDS: positiveInt(3600)
    .default(30)
    .describe(
      'On the embedded database, how long a client beside the service (psql through `npm run db:serve`, an admin command) may sit idle inside a transaction while the service waits for the one session, before it is disconnected and its transaction rolled back.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('The lowest level of log lines written.'),
  LOG_FORMAT: z
    .enum(['pretty', 'json'], { message: 'expected pretty or json' })
    .optional()
    .describe(
      'How logs are written on stdout: `pretty` (readable lines) or `json` (one JSON object per line). Unset: `pretty` when stdout is a terminal, `json` otherwise.',
    ),
  TRUST_PROXY: booleanFromEnv
    .default(false)
    .describe('Take the client address from the right-most `X-Forwarded-For` entry (only behind a proxy you control).'),
  MAX_BODY_BYTES: positiveInt(50 * 1024 * 1024)
    .default(1024 * 1024)
    .describe('Largest accepted request body in bytes; larger ones get 413 `PAYLOAD_TOO_LARGE`.'),
  SHUTDOWN_TIMEOUT_MS: positiveInt(600_000)
    .default(10_000)
    .describe('How long SIGTERM/SIGINT waits for in-flight requests before closing connections, in milliseconds.'),
  GOV_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000)
    .default(120)
    .describe(
      'Requests per minute per client to the government-opportunity endpoints (shared by every instance on PostgreSQL); beyond it 429 `RATE_LIMITED` with `Retry-After`.',
    ),
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000)
    .default(300)
    .describe(
      'Requests per minute per client to the directory list and the blog list together; beyond it 429 `RATE_LIMITED` with `Retry-After`.',
    ),
  A2A_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000)
    .default(120)
    .describe(
      "A2A JSON-RPC requests per minute per client (shared by every instance on PostgreSQL), also spent by paid attempts and UCP checkout creation; beyond it 429 `RATE_LIMITED` with `Retry-After`. Reserved before anything else runs, since each request may store a task (7 days) and an Idempotency-Key answer (24 hours). The skills' own budgets apply on top.",
    ),
  MCP_TOOL_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000)
    .default(600)
    .describe(
      'MCP `tools/call` requests that reach a tool, per minute per OAuth grant (one agent connection; shared by every instance on PostgreSQL); beyond it 429 with a JSON-RPC error carrying `RATE_LIMITED` and `Retry-After`. Reserved before the tool runs. `tools/list`, `initialize` and `server/discover` are not counted.',
    ),
  AGENT_STORAGE_PER_HOUR: positiveInt(10_000_000)
    .default(20_000)
    .describe(
      'Requests that store a row (A2A `message/send`, any A2A request with an `Idempotency-Key`, UCP checkout creation) per hour across all clients; beyond it 503 `STORAGE_LIMIT_REACHED` with `Retry-After`. At most about 1.6 GB of growth an hour at the default.',
    ),
  AGENT_STORAGE_PER_NETWORK_PER_HOUR: positiveInt(10_000_000)
    .default(4_000)
    .describe('The same per client network (IPv6 /48, IPv4 /24); beyond it 429 `RATE_LIMITED` naming the network.'),
  TRPC_MAX_BATCH_SIZE: positiveInt(1000)
    .default(10)
    .describe('Most calls one `/api/trpc` request may batch; a longer batch answers 400 before any call runs.'),
  SEED_DEMO: booleanFromEnv
    .optional()
    .describe(
      'Seed demo content into an empty database at start, before the port opens (and the demo businesses when there is none). Unset: on for the embedded database outside production; off with `DATABASE_URL` or `NODE_ENV=production`.',
    ),
  DEMO_OWNER_EMAIL: z
    .email({ message: 'expected an e-mail address' })
    .max(254)
    .optional()
    .describe('E-mail of the demo owner account created with the demo businesses. Unset: `owner@summit-home.example`.'),
  DEMO_OWNER_PASSWORD: z
    .string()
    .min(12, { message: 'expected at least 12 characters' })
    .max(200)
    .optional()
    .describe(
      "The demo owner's password. Unset: generated and printed once (never in production). With `NODE_ENV=production` and no password set, no password is generated or printed and the demo businesses are skipped with a warning.",
    ),
  NODE_ENV: z
    .string()
    .default('development')
    .describe(
      '`production` marks a production deployment (`OAUTH_KEY_ENCRYPTION_KEY` required with `DATABASE_URL`; no demo content by default).',
    ),
  OAUTH_REDIRECT_HOSTS: hostList
    .default([])
    .describe(
      'Host names (`app.example.com`, `*.example.com`), comma-separated, whose https redirect URIs OAuth clients may register.',
    ),
  OAUTH_HOSTED_CALLBACKS: urlList
    .default([])
    .describe(
      "Exact https callbacks of hosted agent products accepted at registration, added to the vetted list (comma-separated). The vetted list: claude.ai, claude.com, chatgpt.com, chat.openai.com, vscode.dev, insiders.vscode.dev and Cursor's callbacks (docs/mcp-clients.md names the source of each).",
    ),
  OAUTH_VETTED_CALLBACKS: booleanFromEnv
    .default(true)
    .describe(
      '`false` drops the vetted hosted callbacks and private-use schemes, so that `OAUTH_HOSTED_CALLBACKS` and `OAUTH_PRIVATE_USE_SCHEMES` are the whole lists.',
    ),
  OAUTH_LOOPBACK_REDIRECTS: booleanFromEnv
    .default(true)
    .describe(
      'Accept loopback callbacks: `http://127.0.0.1`, `http://[::1]` and `http://localhost`, any port (RFC 8252 section 7.3; the port is not compared at authorization).',
    ),
  OAUTH_LOOPBACK_PATHS: pathList
    .optional()
    .describe(
      "The only paths a loopback callback may have (comma-separated). Unset: any path. `/callback` restores the specification's exact form `http://127.0.0.1:<port>/callback` (and refuses VS Code, which answers on `/`, and the MCP Inspector).",
    ),
  OAUTH_PRIVATE_USE_SCHEMES: schemeList
    .default([])
    .describe(
      'Private-use URI schemes (`com.example.app`), comma-separated, that native clients may register, added to the vetted `cursor`, `vscode`, `vscode-insiders` and `windsurf`.',
    ),
  OAUTH_CIMD_ALLOW_HTTP_LOOPBACK: booleanFromEnv
    .default(false)
    .describe(
      'Development and tests only: an OAuth `client_id` that is a client ID metadata document URL may also be `http://127.0.0.1:<port>/...`, and the document fetcher may connect to loopback addresses (never to private ones). Otherwise such a `client_id` must be an `https` URL on a public address.',
    ),
  UCP_PROFILE_ALLOW_HTTP_LOOPBACK: booleanFromEnv
    .default(false)
    .describe(
      "Development and tests only: the UCP platform profile named by a checkout request's `UCP-Agent` header may be an `http://` URL on `127.0.0.1`, `[::1]` or `localhost`, and the profile fetcher may connect to loopback addresses (never to private ones); `npm run dev:platform-profile` serves such a profile. Otherwise a profile must be an `https` URL on a public address.",
    ),
  MCP_ALLOWED_ORIGINS: originList
    .default([])
    .describe(
      'Browser page origins (comma-separated, e.g. `http://localhost:6274`) whose requests the MCP endpoint accepts besides its own site; without `SITE_URL`, pages on this machine (`localhost`, `127.0.0.1`, `[::1]`) are accepted too.',
    ),
  OAUTH_REGISTRATION_PER_HOUR: positiveInt(100_000)
    .default(30)
    .describe(
      'Client registrations per client address per hour; the first authorization of a client ID metadata document URL the server has not seen before counts as one.',
    ),
  OAUTH_TOKEN_PER_MINUTE: positiveInt(1_000_000)
    .default(300)
    .describe(
      'Token and revocation requests per client address per minute (one budget for both endpoints); beyond it 429 `rate_limited` with `Retry-After`.',
    ),
  OAUTH_LOGIN_MAX_FAILURES: positiveInt(100_000)
    .default(10)
    .describe(
      "Failed sign-ins on the authorization endpoint's login page allowed per 15 minutes, counted per e-mail address and per client address (IPv6 per /64); each attempt reserves its failure before the password is checked, so concurrent attempts cannot overrun it. Beyond it the page answers 429 (even with the right password) until the window ends.",
    ),
  PASSWORD_CHECK_CONCURRENCY: wholeNumber(1, 64)
    .default(2)
    .describe('Password checks (scrypt) running at once in one process.'),
  PASSWORD_CHECK_QUEUE: wholeNumber(0, 10_000)
    .default(8)
    .describe('Password checks waiting for a turn; beyond it a sign-in answers 503 `SERVER_BUSY` with `Retry-After`.'),
  OAUTH_KEY_ENCRYPTION_KEY: keyEncryptionKey
    .optional()
    .describe(
      "Base64 of exactly 32 random bytes (`openssl rand -base64 32`): the AES-256-GCM key that encrypts the OAuth signing keys' private halves in the database (and from which the form-token, refresh-token and webhook-secret keys are derived). Unset: a random key is generated on first use into `$DATA_DIR/oauth-kek` (mode 0600). With `DATABASE_URL` it is required in production (start-up fails without it) and every instance needs the same value; in development the key file is used with a warning. Losing it leaves the stored keys unusable for signing: run `npm run admin -- rotate-oauth-key`.",
    ),
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'expected a whole number of seconds' : undefined) })
    .int({ message: 'expected a whole number of seconds' })
    .min(60, { message: 'expected at least 60 seconds' })
    .max(86_400, { message: 'expected at most 86400 seconds (one day)' })
    .default(3600)
    .describe(
      'Lifetime of OAuth access tokens in seconds. A rotated signing key stays published this long plus 5 minutes.',
    ),
  ...paymentEnvironment,
  ...sellerEnvironment,
  ...webhookEnvironment,
  ...a2aStreamEnvironment,
  ...eventFeedEnvironment,
  ...samEnvironment,
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFromEnv
    .default(false)
    .describe(
      'Development and tests only: webhook endpoints may be `http` and point at loopback or private addresses (the service warns at start). Otherwise only `https` URLs whose host is public, at create/update and again at every connection.',
    ),
  WEBHOOK_SECRET_OVERLAP_HOURS: wholeNumber(0, 720)
    .default(24)
    .describe(
      'After `rotate-secret`, how long the previous signing secret keeps signing beside the new one, in hours; after `rotate-signing-key`, how long the previous ed25519 key keeps signing and stays in the endpoint JWKS.',
    ),
  PUBLIC_LIST_EXACT_TOTAL: wholeNumber(1, 10_000)
    .default(10_000)
    .describe(
      "The directory and blog lists count their matches exactly up to this many (at most 10000, their depth limit); beyond it `meta.total` is the planner's estimate and `meta.total_is_estimate` is true. Lower it only to test the estimate.",
    ),
  METRICS_TOKEN: z
    .string()
    .min(32, { message: 'expected at least 32 characters (e.g. `openssl rand -hex 32`)' })
    .max(512, { message: 'expected at most 512 characters' })
    .regex(/^[\x21-\x7e]+$/, { message: 'expected printable ASCII without spaces' })
    .optional()
    .describe(
      'Bearer token that opens `GET /api/metrics` to a scraper on another host (sent as `Authorization: Bearer`); without it the metrics answer only loopback peers, and only while `TRUST_PROXY` is off.',
    ),
  PUBLIC_CACHE_MAX_BYTES: wholeNumber(0, 2 * 1024 * 1024 * 1024)
    .default(32 * 1024 * 1024)
    .describe(
      'Bytes of public list and detail answers one instance keeps in memory (each answer\'s JSON and key; least recently used out first); entries live at most 60 seconds and every write of the content drops them on every instance. `0` turns the read cache off. See docs/operations.md, "Read cache".',
    ),
});

export interface Config {
  port: number;
  host: string;
  /** {site_url}: the public origin, no trailing slash. */
  siteUrl: string;
  /** False when SITE_URL was not set and siteUrl follows the listening port. */
  siteUrlConfigured: boolean;
  /** {base_url}: {site_url}/api. */
  baseUrl: string;
  database: {
    url: string | undefined;
    dataDir: string;
    poolMax: number;
    /** Embedded only: see EMBEDDED_IDLE_TRANSACTION_SECONDS. */
    idleInTransactionMs?: number;
  };
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  /** LOG_FORMAT as set; unset, the logger decides by whether stdout is a terminal (logFormatFor). */
  logFormat: 'pretty' | 'json' | undefined;
  trustProxy: boolean;
  maxBodyBytes: number;
  /** The most calls one request to /api/trpc may batch; a longer batch answers 400. */
  trpcMaxBatchSize: number;
  shutdownTimeoutMs: number;
  /**
   * Request budgets: per client, the government group, the directory and blog lists (publicLists), the
   * A2A JSON-RPC requests (agentRequests); per OAuth grant, the MCP tool calls (mcpToolCalls).
   */
  rateLimits: {
    government: { points: number; windowSeconds: number };
    publicLists: { points: number; windowSeconds: number };
    agentRequests: { points: number; windowSeconds: number };
    mcpToolCalls: { points: number; windowSeconds: number };
    /**
     * Agent requests that store a row (A2A tasks, Idempotency-Key answers, checkout sessions), per
     * hour across all clients (AGENT_STORAGE_PER_HOUR, default 20,000: about 5.6 a second all hour,
     * where the per-client A2A budget alone allows 7,200 an hour per address) and per client network,
     * IPv6 /48 or IPv4 /24 (AGENT_STORAGE_PER_NETWORK_PER_HOUR, default 4,000). Worst case kept: an A2A
     * task is at most a 64 KiB message and a page-sized artifact (a directory page is 13 KB), so the
     * defaults let the database grow by at most about 1.6 GB an hour, typically a tenth of that.
     */
    agentStorage: { points: number; windowSeconds: number };
    agentStoragePerNetwork: { points: number; windowSeconds: number };
  };
  /** Page origins the MCP endpoint accepts besides the site's (MCP_ALLOWED_ORIGINS; loopback pages too without SITE_URL). */
  mcpAllowedOrigins: string[];
  /** SEED_DEMO as set; see seedsDemo for the default. */
  seedDemo: boolean | undefined;
  /** The demo owner account created with the demo businesses (the password is generated and printed once when unset). */
  demoOwner: { email: string; password: string | undefined };
  production: boolean;
  /** Which redirect URIs OAuth client registration accepts (RFC 7591 + RFC 8252). */
  oauthRedirects: {
    httpsHosts: string[];
    hostedCallbacks: string[];
    loopback: boolean;
    /** Undefined: any path (RFC 8252 section 7.3); OAUTH_LOOPBACK_PATHS restricts. */
    loopbackPaths?: string[];
    privateUseSchemes: string[];
  };
  /**
   * Client ID metadata documents (OAuth clients whose client_id is an https URL). `allowHttpLoopback`
   * (OAUTH_CIMD_ALLOW_HTTP_LOOPBACK, development and tests only): a client_id may also be
   * `http://127.0.0.1:<port>/...`, and the fetcher may reach loopback addresses (never private ones).
   */
  oauthClientDocuments: { allowHttpLoopback: boolean };
  /** UCP platform profiles (UCP-Agent); `allowHttpLoopback` (UCP_PROFILE_ALLOW_HTTP_LOOPBACK): development and tests only. */
  ucpPlatformProfiles: { allowHttpLoopback: boolean };
  /** Client registrations per client address per hour. */
  oauthRegistrationPerHour: number;
  /** Token and revocation requests per client address per minute. */
  oauthTokenPerMinute: number;
  /** Failed sign-ins of the authorization endpoint allowed per 15 minutes, per e-mail address and per client address. */
  oauthLoginMaxFailures: number;
  /**
   * Password checks (scrypt, about 128 MiB and a few hundred ms each, on libuv's thread pool that
   * file system work shares) run at most `concurrency` at once in this process; up to `queue` more
   * wait their turn, and beyond that a check is refused with 503 SERVER_BUSY and Retry-After.
   */
  passwordChecks: { concurrency: number; queue: number };
  /** The authorization server's signing keys and access tokens. */
  oauthTokens: {
    /**
     * The AES-256 key that encrypts the signing keys' private halves at rest
     * (OAUTH_KEY_ENCRYPTION_KEY). When unset, a random key is generated on first use into
     * `keyEncryptionKeyFile` (mode 0600) and read from there afterwards: the default for the embedded
     * database, whose data lives in the same directory. With DATABASE_URL the variable is required in
     * production (start-up fails without it: every instance must share one key, and the database
     * must not travel with its key); in development the file is used with a warning.
     */
    keyEncryptionKey: Secret<Buffer> | undefined;
    /** `${DATA_DIR}/oauth-kek`: where a generated key-encryption key lives when the variable is unset. */
    keyEncryptionKeyFile: string;
    /** Lifetime of an access token, in seconds (60 to 86400). */
    accessTokenTtlSeconds: number;
  };
  /** The paid reference's payments (PAYMENT_*): without a wallet or a facilitator it answers 503 PAYMENT_NOT_CONFIGURED. */
  payments: PaymentConfig;
  /** The seller's events business and UCP handler namespace (SELLER_EVENTS_BUSINESS_ID, UCP_PAYMENT_HANDLER_NAMESPACE). */
  seller: SellerConfig;
  /** Outbound webhook delivery (WEBHOOK_RETRY_SCHEDULE, WEBHOOK_WORKER): retry schedule, in-process worker. */
  webhookDelivery: WebhookConfig;
  /** A2A streams (A2A_STREAMS_PER_CLIENT, A2A_STREAMS_PER_INSTANCE, A2A_STREAM_KEEPALIVE_MS, A2A_STREAM_MAX_SECONDS). */
  a2aStreams: A2aStreamConfig;
  /** The event feed's long polls (EVENT_FEED_WAITS_PER_BUSINESS, EVENT_FEED_WAITS_PER_INSTANCE). */
  eventFeed: EventFeedConfig;
  /**
   * GET /api/metrics: `token` (METRICS_TOKEN) opens it to a scraper that sends it as a bearer token;
   * without a token only a loopback peer may scrape, and only while TRUST_PROXY is off.
   */
  metrics: { token: Secret<string> | undefined };
  /** PUBLIC_CACHE_MAX_BYTES: the public read cache's byte limit (0: off). */
  publicCache: { maxBytes: number };
  /** PUBLIC_LIST_EXACT_TOTAL: the directory and blog lists' totals are exact up to this many matches, estimated above. */
  publicListExactTotal: number;
  /** The SAM.gov opportunities sync (SAM_API_KEY, SAM_API_BASE_URL, SAM_SYNC_INTERVAL, SAM_DAILY_REQUEST_BUDGET). */
  sam: SamConfig;
  /** Outbound webhooks (issue 18). */
  webhooks: {
    /**
     * WEBHOOK_ALLOW_PRIVATE_URLS: development and tests only. Endpoints may then be http and point at
     * loopback or private addresses; otherwise only https URLs to public addresses are accepted.
     */
    allowPrivateUrls: boolean;
    /** WEBHOOK_SECRET_OVERLAP_HOURS: how long a rotated-out secret keeps signing beside the new one (0 to 720). */
    secretOverlapHours: number;
  };
}

/**
 * Whether the start seeds demo content into an empty database: SEED_DEMO when set, otherwise only
 * the embedded database outside production (NODE_ENV=production never seeds unless asked to).
 */
export function seedsDemo(
  config: Pick<Config, 'seedDemo' | 'production'>,
  databaseKind: 'postgresql' | 'embedded',
): boolean {
  return config.seedDemo ?? (!config.production && databaseKind === 'embedded');
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; an invalid variable fails start-up naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most shells' `FOO= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZEnvironment.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  if (production && values.DATABASE_URL !== undefined && values.OAUTH_KEY_ENCRYPTION_KEY === undefined) {
    throw new ConfigError([
      'OAUTH_KEY_ENCRYPTION_KEY: required in production with DATABASE_URL (the base64 of 32 random bytes, e.g. `openssl rand -base64 32`; ' +
        'every instance needs the same value, kept apart from the database)',
    ]);
  }
  const payments = resolvePaymentConfig(values, (value) => new Secret(value));
  if ('problems' in payments) throw new ConfigError(payments.problems);
  const webhookDelivery = resolveWebhookConfig(values);
  if ('problems' in webhookDelivery) throw new ConfigError(webhookDelivery.problems);
  const siteUrl = values.SITE_URL ?? `http://localhost:${values.PORT}`;
  const seller = resolveSellerConfig(values, siteUrl);
  if ('problems' in seller) throw new ConfigError(seller.problems);
  return {
    port: values.PORT,
    host: values.HOST,
    siteUrl,
    siteUrlConfigured: values.SITE_URL !== undefined,
    baseUrl: `${siteUrl}/api`,
    database: {
      url: values.DATABASE_URL,
      dataDir: values.DATA_DIR,
      poolMax: values.DB_POOL_MAX,
      idleInTransactionMs: values.EMBEDDED_IDLE_TRANSACTION_SECONDS * 1000,
    },
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    trustProxy: values.TRUST_PROXY,
    maxBodyBytes: values.MAX_BODY_BYTES,
    trpcMaxBatchSize: values.TRPC_MAX_BATCH_SIZE,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    rateLimits: {
      government: { points: values.GOV_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      publicLists: { points: values.PUBLIC_LIST_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      agentRequests: { points: values.A2A_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      mcpToolCalls: { points: values.MCP_TOOL_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      agentStorage: { points: values.AGENT_STORAGE_PER_HOUR, windowSeconds: 3600 },
      agentStoragePerNetwork: { points: values.AGENT_STORAGE_PER_NETWORK_PER_HOUR, windowSeconds: 3600 },
    },
    seedDemo: values.SEED_DEMO,
    demoOwner: { email: values.DEMO_OWNER_EMAIL ?? 'owner@summit-home.example', password: values.DEMO_OWNER_PASSWORD },
    production,
    oauthRedirects: {
      httpsHosts: values.OAUTH_REDIRECT_HOSTS.map((host) => host.toLowerCase()),
      hostedCallbacks: [
        ...new Set([...(values.OAUTH_VETTED_CALLBACKS ? vettedHostedCallbacks : []), ...values.OAUTH_HOSTED_CALLBACKS]),
      ],
      loopback: values.OAUTH_LOOPBACK_REDIRECTS,
      // An empty value is the unset variable, not "no path at all" (OAUTH_LOOPBACK_REDIRECTS=false says that).
      loopbackPaths: values.OAUTH_LOOPBACK_PATHS?.length ? values.OAUTH_LOOPBACK_PATHS : undefined,
      privateUseSchemes: [
        ...new Set([
          ...(values.OAUTH_VETTED_CALLBACKS ? vettedPrivateUseSchemes : []),
          ...values.OAUTH_PRIVATE_USE_SCHEMES,
        ]),
      ],
    },
    oauthClientDocuments: { allowHttpLoopback: values.OAUTH_CIMD_ALLOW_HTTP_LOOPBACK },
    ucpPlatformProfiles: { allowHttpLoopback: values.UCP_PROFILE_ALLOW_HTTP_LOOPBACK },
    mcpAllowedOrigins: values.MCP_ALLOWED_ORIGINS,
    oauthRegistrationPerHour: values.OAUTH_REGISTRATION_PER_HOUR,
    oauthTokenPerMinute: values.OAUTH_TOKEN_PER_MINUTE,
    oauthLoginMaxFailures: values.OAUTH_LOGIN_MAX_FAILURES,
    passwordChecks: { concurrency: values.PASSWORD_CHECK_CONCURRENCY, queue: values.PASSWORD_CHECK_QUEUE },
    oauthTokens: {
      keyEncryptionKey: values.OAUTH_KEY_ENCRYPTION_KEY,
      keyEncryptionKeyFile: join(values.DATA_DIR, 'oauth-kek'),
      accessTokenTtlSeconds: values.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
    },
    payments: payments.config,
    seller: seller.config,
    webhookDelivery,
    a2aStreams: resolveA2aStreamConfig(values),
    eventFeed: resolveEventFeedConfig(values),
    webhooks: {
      allowPrivateUrls: values.WEBHOOK_ALLOW_PRIVATE_URLS,
      secretOverlapHours: values.WEBHOOK_SECRET_OVERLAP_HOURS,
    },
    metrics: { token: values.METRICS_TOKEN === undefined ? undefined : new Secret(values.METRICS_TOKEN) },
    publicCache: { maxBytes: values.PUBLIC_CACHE_MAX_BYTES },
    publicListExactTotal: values.PUBLIC_LIST_EXACT_TOTAL,
    sam: resolveSamConfig(values, (value) => new Secret(value)),
  };
}

/** Once the server listens on an OS-chosen port (PORT=0), a defaulted site URL must follow it. */
export function withListeningPort(config: Config, port: number): Config {
  if (config.siteUrlConfigured || config.port === port) return { ...config, port };
  const siteUrl = `http://localhost:${port}`;
  return { ...config, port, siteUrl, baseUrl: `${siteUrl}/api` };
}
