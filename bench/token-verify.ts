/**
 * `npm run bench:token-verify`: what verifying one OAuth access token costs in process, per call,
 * on the service's caches and on the uncached reference path, in one run, calls interleaved in rounds
 * so every target sees the same machine:
 * - warm: the service's verifier (services.accessTokenVerifier) on a token it has seen, its grant's
 *   state read less than GRANT_STATE_TTL_MS ago: a hash, two map look-ups, no database;
 * - cold: the same verifier with every cache emptied before each call (verified tokens, grant states,
 *   key publications): the ES256 signature, the key-publication and the grant look-ups;
 * - reference: verifyAccessToken, the uncached path the service took before (signature plus the
 *   grant look-up on every call);
 * - jose alone: jwtVerify with the public key in hand, the floor of any path that checks the signature.
 * One call at a time (latency, not throughput). Env: BENCH_CALLS (per target, default 3000),
 * DATABASE_URL (a PostgreSQL server: a database of its own is created there and dropped at the end;
 * else a temporary embedded database).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';
import { createContextInner } from '../core/context.ts';
import { createLogger } from '../core/logger.ts';
import { mintAccessToken, verifyAccessToken } from '../core/services/oauth/access-tokens.ts';
import { issueAuthorization } from '../core/services/oauth/authorization-codes.ts';
import { GRANT_STATE_TTL_MS } from '../core/services/oauth/grant-state-cache.ts';
import { forgetKeyPublications, publishedKeys } from '../core/services/oauth/signing-keys.ts';
import { oauthUrls } from '../core/services/oauth/urls.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { startBenchService } from './lib/bench-service.ts';
import { measureInterleaved, printLatencyTable, ratios, type LatencyStats, type LatencyTarget } from './lib/latency.ts';
import { positiveFromEnv } from './lib/load.ts';

const calls = positiveFromEnv('BENCH_CALLS', 3000);
const warmup = Math.min(300, calls);
const ROUND = 50;

const bench = await startBenchService('token-verify');
const { service } = bench;
const log = createLogger('silent');
const admin = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });

try {
  const email = `bench-${randomUUID()}@example.test`;
  const user = await admin.accounts.createUser({
    email,
    name: 'Bench',
    password: randomBytes(12).toString('base64url'),
  });
  const business = await admin.accounts.createBusiness({
    name: 'Bench verify',
    time_zone: 'UTC',
    currency: 'USD',
    owner_email: email,
  });
  const redirectUri = 'http://127.0.0.1:43210/callback';
  const client = await admin.protocols.oauth.clients.registerClient({
    redirect_uris: [redirectUri],
    client_name: 'Verify bench',
  });
  const { issuer, resource: audience } = oauthUrls({ site: service.config.siteUrl, base: service.config.baseUrl });
  const scope = 'mcp:read';
  const { grantId } = await issueAuthorization({
    em: service.database.orm.em.fork(),
    now: new Date(),
    clientId: client.client_id,
    userId: user.id,
    businessId: business.id,
    scope,
    resource: audience,
    redirectUri,
    codeChallenge: 'x'.repeat(43),
  });
  const { token } = await mintAccessToken({
    em: service.database.orm.em.fork(),
    kek: await service.services.oauth.keyEncryptionKey(log),
    now: new Date(),
    issuer,
    audience,
    userId: user.id,
    businessId: business.id,
    clientId: client.client_id,
    scope,
    grantId,
    ttlSeconds: 3600,
  });

  const context = () =>
    createContextInner({
      em: service.database.orm.em,
      log,
      urls: { site: service.config.siteUrl, base: service.config.baseUrl },
      services: service.services,
      requestId: 'bench',
      principal: { kind: 'anonymous' },
    });
  const expectPrincipal = (principal: unknown) => {
    if (!principal) throw new Error('the access token does not verify');
  };
  const warm = async () => expectPrincipal(await service.services.accessTokenVerifier!(token, context()));
  const cold = async () => {
    const { oauth } = service.services.caches;
    oauth.verifiedTokens.clear();
    oauth.grantStates.clear();
    forgetKeyPublications(oauth.signingKeys);
    expectPrincipal(await service.services.accessTokenVerifier!(token, context()));
  };
  const reference = async () =>
    expectPrincipal(
      await verifyAccessToken(token, { em: service.database.orm.em.fork(), now: new Date(), issuer, audience }),
    );
  const [jwk] = await publishedKeys(service.database.orm.em.fork(), new Date());
  const publicKey = await importJWK(jwk!, 'ES256');
  const joseAlone = async () => {
    await jwtVerify(token, publicKey, { issuer, audience, algorithms: ['ES256'], typ: 'at+jwt' });
  };

  const rows: LatencyTarget[] = [
    { target: 'cached verifier, warm', run: warm, samples: [] },
    { target: 'cached verifier, cold (caches emptied)', run: cold, samples: [] },
    { target: 'reference path (uncached, as before)', run: reference, samples: [] },
    { target: 'jose jwtVerify alone, key in hand', run: joseAlone, samples: [] },
  ];
  await measureInterleaved(rows, { calls, warmup, round: ROUND });

  console.log(
    `access-token verification in process, ${calls} sequential calls per target after ${warmup} warm-up calls, interleaved in rounds of ${ROUND}`,
  );
  console.log(
    `database: ${service.database.kind}, notifications: ${service.notifications.delivering ? 'LISTEN' : 'none (embedded)'}, grant-state TTL ${GRANT_STATE_TTL_MS} ms, Node ${process.version}\n`,
  );
  const [warmStats, coldStats, referenceStats] = printLatencyTable(rows) as [LatencyStats, LatencyStats, LatencyStats];
  console.log(`\nreference/warm: ${ratios(referenceStats, warmStats)}`);
  console.log(`cold/reference: ${ratios(coldStats, referenceStats)}`);
} finally {
  await bench.close();
}
