import type { PlatformProfileSource } from './ucp/platform-profiles.ts';
import type { AccessTokenVerifier } from '../auth/access-token-verifier.ts';
import type { ServiceCaches } from './caches.ts';
import type { A2aPorts } from './a2a/a2a-ports.ts';
import type { A2aStreams } from './a2a/a2a-streams.ts';
import type { ClientDocumentSource } from './oauth/client-document-cache.ts';
import type { KeyEncryptionKeySource } from './oauth/key-encryption-key.ts';
import type { RedirectUriPolicy } from './oauth/redirect-uri-policy.ts';
import type { AgentReferenceSource } from '../procedures/reference/types.ts';
import type { SellerConfig } from '../seller-config.ts';
import type { PaymentSettings } from './payments/settings.ts';
import type { ContractWalletVerifier } from './purchase/contract-wallet-port.ts';
import type { SettlementChainReader } from './purchase/settlement-chain-port.ts';
import type { PaymentFacilitator } from './purchase/facilitator-port.ts';
import type { FailureLimiter } from './rate-limit/failure-limiter.ts';
import type { InFlightLimit } from './rate-limit/in-flight-limit.ts';
import type { RateLimiter } from './rate-limit/rate-limit-policy.ts';
import type { WorkLimit } from './work-limit/work-limit.ts';
import type { ServiceMetrics } from './metrics/metrics-port.ts';
import type { WebhookSender } from './webhooks/sender-port.ts';
import type { EventFeedWaits } from './events/feed-waits.ts';
import type { GovernmentSyncSettings } from './government/sam/opportunity-source-port.ts';

/**
 * Long-lived services the composition root builds once (they depend on the database kind)
 * and every context shares.
 */
export interface CoreServices {
  rateLimiters: {
    /** The government-opportunity endpoints' per-client budget. */
    government: RateLimiter;
    /** The directory and blog lists' per-client budget (their searches cost more than a page of rows). */
    publicLists: RateLimiter;
    /**
     * A2A JSON-RPC requests per client: each may store a task (kept 7 days) and an Idempotency-Key
     * answer (24 hours), so the budget bounds what one client can make the database keep.
     */
    agentRequests: RateLimiter;
    /**
     * MCP tool calls per OAuth grant (one agent connection), reserved before the tool's procedure runs:
     * the MCP specification's "Servers MUST rate limit tool invocations" (tenantProcedure in core/trpc.ts).
     */
    mcpToolCalls: RateLimiter;
    /**
     * Requests that make the agent endpoints store a row (an A2A task, an Idempotency-Key answer, a
     * checkout session), across all clients per hour (key "service"), and per client network
     * (IPv6 /48, IPv4 /24): the bound on what the database keeps that no per-client budget gives.
     */
    agentStorage: RateLimiter;
    agentStoragePerNetwork: RateLimiter;
    /** OAuth dynamic client registrations per client address. */
    oauthRegistration: RateLimiter;
    /** OAuth token and revocation requests per client address. */
    oauthToken: RateLimiter;
    /** Failed sign-ins at the authorization endpoint, per e-mail address and per client address. */
    oauthLogin: FailureLimiter;
    /**
     * Webhook test, retry, recover and resend requests per business (WEBHOOK_SEND_NOW_PER_MINUTE): test
     * and retry send now and hold their request open for up to the attempt's deadline; recover and resend
     * queue deliveries (up to thousands for recover).
     */
    webhookSendNow: RateLimiter;
  };
  /** What this app remembers between requests; no module of core keeps any (caches.ts). */
  caches: ServiceCaches;
  /** The service-wide bound on concurrent password checks (scrypt); beyond its queue, SERVER_BUSY. */
  passwordChecks: WorkLimit;
  /** Which redirect URIs client registration accepts (and client metadata documents may list). */
  oauthRedirectPolicy: RedirectUriPolicy;
  /**
   * Client ID metadata documents (a client_id that is an https URL), fetched through the guarded
   * fetcher of adapters/oauth/ and cached. Absent: the authorization server does not advertise them
   * and refuses such a client_id (contexts no app composed, such as a script's system caller).
   */
  oauthClientDocuments?: ClientDocumentSource;
  /**
   * UCP platform profiles (the UCP-Agent header of checkout requests), fetched through the guarded
   * fetcher of adapters/ucp/, validated and cached. Absent: a request naming a profile answers 424
   * (contexts no app composed, such as a script's system caller).
   */
  ucpPlatformProfiles?: PlatformProfileSource;
  /**
   * Verifies OAuth access tokens for the MCP or the A2A resource (each token has one audience). Only the
   * MCP and A2A adapters use it; the bearer path of every other surface (core/auth/authenticate.ts)
   * accepts workspace API tokens only.
   */
  accessTokenVerifier?: AccessTokenVerifier;
  /** The authorization server's token signing. */
  oauth: {
    /** Opens and seals the signing keys' private halves; resolved (or generated) on first use. */
    keyEncryptionKey: KeyEncryptionKeySource;
    /** The server secret of the login and consent forms' tokens, derived from the key-encryption key. */
    formTokenKey: KeyEncryptionKeySource;
    /** Lifetime of the access tokens it mints, in seconds. */
    accessTokenTtlSeconds: number;
  };
  /**
   * The agent reference of the router the app serves (sold as the paid
   * reference): the composition root builds it from the invoker's procedures, since core cannot import
   * the router that imports it. Absent in contexts no app composed (scripts' system caller).
   */
  agentReference?: AgentReferenceSource;
  /**
   * The A2A agent's ports: its skills (the router's procedures with `skill` meta, run through the
   * invoker) and its answers' wire (the A2A adapter's). Built by the composition root from the
   * router the app serves; absent in contexts no app composed.
   */
  a2a?: A2aPorts;
  /**
   * The A2A streams open in this process: the hub that wakes them when their task has new events
   * (this process's commits, and the database's notifications of every other instance's), their
   * bounds per client and per instance, and the shutdown that ends them.
   */
  a2aStreams: A2aStreams;
  /** Whether the paid reference is sold here, and its payment terms (network, asset, wallet). */
  payments: PaymentSettings;
  /** The business seller events go to (none: not recorded) and the UCP handler's namespace (seller-config.ts). */
  seller: SellerConfig;
  /**
   * The x402 facilitator the purchase of the paid reference verifies and settles through (the x402
   * adapter, built by the composition root from PAYMENT_FACILITATOR_URL). Absent: not sold here.
   */
  paymentFacilitator?: PaymentFacilitator;
  /**
   * EIP-1271 signature checks of contract wallets signing in to re-read the paid reference (the EVM
   * JSON-RPC adapter, from PAYMENT_RPC_URL). Absent: only EOA signatures are accepted.
   */
  contractWallets?: ContractWalletVerifier;
  /**
   * Chain reads the settlement reconciler decides open payments with (the EVM JSON-RPC adapter, from
   * PAYMENT_RPC_URL). Absent: what the facilitator leaves open stays pending.
   */
  settlementChain?: SettlementChainReader;
  /** Outbound webhooks: what endpoint management needs. */
  webhooks: {
    /** Seals and opens the endpoints' signing secrets (derived from the OAuth key-encryption key). */
    secretKey: KeyEncryptionKeySource;
    /** WEBHOOK_ALLOW_PRIVATE_URLS: accept http and private or loopback addresses (development, tests). */
    allowPrivateUrls: boolean;
    /** WEBHOOK_SECRET_OVERLAP_HOURS: how long a rotated-out secret keeps signing. */
    secretOverlapHours: number;
    /** Test and retry requests in flight at once per business, in this process (WEBHOOK_SEND_NOW_CONCURRENCY). */
    sendNowInFlight: InFlightLimit;
  };
  /**
   * The event feed's long polls held open in this process: their bounds per business and per
   * instance, and the wakes (this process's outbox commits, every other process's `fsa_outbox`
   * notifications) that end their wait.
   */
  eventFeedWaits: EventFeedWaits;
  /**
   * Sends one delivery now (the test endpoint, a manual retry): the webhook dispatch service's
   * (services/webhooks/dispatch/). Absent: test and retry answer the queued delivery and the workers send it.
   */
  webhookSender?: WebhookSender;
  /**
   * Counts what core decides for the operator's metrics (payments, webhook attempts, budget refusals).
   * Absent where nothing scrapes (scripts' system caller, apps composed without a registry).
   */
  metrics?: ServiceMetrics;
  /**
   * The SAM.gov opportunities sync: its source (the Get Opportunities API, from SAM_API_KEY and
   * SAM_API_BASE_URL) and its daily request budget. Absent: contexts no sync was composed for.
   */
  governmentSync?: GovernmentSyncSettings;
  /** The public lists' bounds: totals are exact up to `exactTotal` matches (PUBLIC_LIST_EXACT_TOTAL), estimated above. */
  publicLists: { exactTotal: number };
}
