import type { Config } from '../core/config.ts';
import { createA2aStreams } from '../core/services/a2a/a2a-streams.ts';
import { createEventFeedWaits } from '../core/services/events/feed-waits.ts';
import { createServiceCaches } from '../core/services/caches.ts';
import type { CoreServices } from '../core/services/index.ts';
import { createAccessTokenVerifier } from '../core/services/oauth/access-tokens.ts';
import { protectedResources } from '../core/services/oauth/protected-resources.ts';
import { formTokenKeySource } from '../core/services/oauth/authorize/form-token.ts';
import { keyEncryptionKeySource } from '../core/services/oauth/key-encryption-key.ts';
import { oauthUrls } from '../core/services/oauth/urls.ts';
import { paymentSettings } from '../core/services/payments/settings.ts';
import { createFailureLimiter } from '../core/services/rate-limit/failure-limiter.ts';
import { createInFlightLimit } from '../core/services/rate-limit/in-flight-limit.ts';
import { createRateLimiter, type RateLimitStore } from '../core/services/rate-limit/rate-limiter.ts';
import { webhookSecretKeySource } from '../core/services/webhooks/secret-box.ts';
import { createWorkLimit } from '../core/services/work-limit/work-limit.ts';
import type { Database } from './database.ts';

/**
 * Builds the services every request context shares. Rate-limit budgets live in PostgreSQL on a
 * server database, so every instance draws on one budget; on the embedded database (one
 * instance by construction) they live in memory.
 *
 * OAuth access tokens are verified against the request's {site_url} as issuer and its MCP resource as audience,
 * through caches of these services alone, which the database's notifications invalidate (composeServices follows them).
 * The key-encryption key of the signing keys is OAUTH_KEY_ENCRYPTION_KEY, else a key file in
 * DATA_DIR (see Config.oauthTokens); on a server database that file is a development stop-gap and
 * says so in the log.
 */
export function createCoreServices(database: Database, config: Config): CoreServices {
  const store: RateLimitStore =
    database.kind === 'postgresql'
      ? { kind: 'postgres', knex: database.orm.em.getKnex(), tableName: 'rate_limits' }
      : { kind: 'memory' };
  const { keyEncryptionKey, keyEncryptionKeyFile, accessTokenTtlSeconds } = config.oauthTokens;
  const fileWarning =
    database.kind === 'postgresql' && keyEncryptionKey === undefined
      ? 'OAUTH_KEY_ENCRYPTION_KEY is not set: the OAuth signing keys are sealed under a key kept in a file of DATA_DIR. ' +
        'Every instance on this database needs that same key; set OAUTH_KEY_ENCRYPTION_KEY (required in production).'
      : undefined;
  const kek = keyEncryptionKeySource({ configured: keyEncryptionKey, file: keyEncryptionKeyFile, fileWarning });
  const caches = createServiceCaches({ publicReadBytes: config.publicCache.maxBytes });
  const verifyAccessToken = createAccessTokenVerifier(caches.oauth);
  return {
    caches,
    a2aStreams: createA2aStreams(config.a2aStreams),
    eventFeedWaits: createEventFeedWaits(config.eventFeed),
    oauth: { keyEncryptionKey: kek, formTokenKey: formTokenKeySource(kek), accessTokenTtlSeconds },
    passwordChecks: createWorkLimit({ ...config.passwordChecks, what: 'password checks' }),
    accessTokenVerifier: (token, ctx, audience = 'mcp') => {
      const { issuer } = oauthUrls(ctx.urls);
      const resource = protectedResources(ctx.urls).find((candidate) => candidate.name === audience)!;
      const request = { em: ctx.em, now: ctx.clock.now(), issuer, audience: resource.url, scopes: resource.scopes };
      return verifyAccessToken(token, request);
    },
    oauthRedirectPolicy: config.oauthRedirects,
    payments: paymentSettings(config.payments),
    seller: config.seller,
    publicLists: { exactTotal: config.publicListExactTotal },
    webhooks: {
      secretKey: webhookSecretKeySource(kek),
      allowPrivateUrls: config.webhooks.allowPrivateUrls,
      secretOverlapHours: config.webhooks.secretOverlapHours,
      sendNowInFlight: createInFlightLimit(config.webhookDelivery.sendNow.concurrency),
    },
    rateLimiters: {
      government: createRateLimiter({ name: 'gov', ...config.rateLimits.government }, store),
      publicLists: createRateLimiter({ name: 'public-list', ...config.rateLimits.publicLists }, store),
      agentRequests: createRateLimiter({ name: 'a2a', ...config.rateLimits.agentRequests }, store),
      mcpToolCalls: createRateLimiter({ name: 'mcp-tools', ...config.rateLimits.mcpToolCalls }, store),
      agentStorage: createRateLimiter({ name: 'agent-storage', ...config.rateLimits.agentStorage }, store),
      agentStoragePerNetwork: createRateLimiter(
        { name: 'agent-storage-network', ...config.rateLimits.agentStoragePerNetwork },
        store,
      ),
      oauthRegistration: createRateLimiter(
        { name: 'oauth-register', points: config.oauthRegistrationPerHour, windowSeconds: 3600 },
        store,
      ),
      oauthToken: createRateLimiter(
        { name: 'oauth-token', points: config.oauthTokenPerMinute, windowSeconds: 60 },
        store,
      ),
      oauthLogin: createFailureLimiter(
        { name: 'oauth-login', points: config.oauthLoginMaxFailures, windowSeconds: 15 * 60 },
        store,
      ),
      webhookSendNow: createRateLimiter(
        { name: 'webhook-send-now', points: config.webhookDelivery.sendNow.perMinute, windowSeconds: 60 },
        store,
      ),
    },
  };
}
