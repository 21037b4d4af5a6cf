/**
 * `npm run bench:oauth`: how many tokens the token endpoint issues per second, and what verifying
 * one access token costs.
 *
 * 1. authorization_code: BENCH_TOKENS (default 2000) codes, each with its own PKCE verifier,
 *    issued in advance as the authorization endpoint would (issueAuthorization), then all exchanged
 *    once over HTTP (BENCH_CONNECTIONS, default 10, concurrent clients).
 * 2. refresh_token: as many refresh tokens of distinct grants, each refreshed once (rotation, no
 *    grace-window replays).
 *    Both print throughput and p50/p99; the in-process cost of minting one token (ES256 signature,
 *    the signing-key lookup) is printed beside them as the floor of the endpoint's own work.
 * 3. verification: verifyAccessToken in process (signature plus the key-publication and grant
 *    look-ups in the database) against jose's bare jwtVerify with the key in hand, mean µs each.
 *    Each load also prints the serving process's CPU time per token (user + system over the load,
 *    this process doing nothing else meanwhile): on a shared machine it moves less than throughput.
 * Env: BENCH_TOKENS, BENCH_CONNECTIONS, BENCH_VERIFY_ITERATIONS (default 2000), BENCH_CPU_PROF (a
 * directory: a .cpuprofile of the server during each load is written there), DATABASE_URL (else a
 * temporary embedded database; on a server, OAUTH_KEY_ENCRYPTION_KEY is required). On a server database the
 * run's user, business, client and grants are deleted again at the end.
 */
import { execFile } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { importJWK, jwtVerify } from 'jose';
import { startService } from '../scripts/compose/start-service.ts';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { mintAccessToken, verifyAccessToken } from '../core/services/oauth/access-tokens.ts';
import { issueAuthorization } from '../core/services/oauth/authorization-codes.ts';
import { issueRefreshToken } from '../core/services/oauth/refresh-tokens.ts';
import { publishedKeys } from '../core/services/oauth/signing-keys.ts';
import { runQuery } from '../core/services/sql/query.ts';
import { oauthUrls } from '../core/services/oauth/urls.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import type { FormLoadSummary } from './oauth-token/form-load-child.ts';

const HOST = '127.0.0.1';

function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
}

const tokens = positiveFromEnv('BENCH_TOKENS', 2000);
const connections = positiveFromEnv('BENCH_CONNECTIONS', 10);
const verifyIterations = positiveFromEnv('BENCH_VERIFY_ITERATIONS', 2000);

const profileDir = process.env.BENCH_CPU_PROF;

const child = fileURLToPath(new URL('./oauth-token/form-load-child.ts', import.meta.url));
function runLoadGenerator(url: string, bodiesFile: string): Promise<FormLoadSummary> {
  const args = ['--import', 'tsx', child, url, String(connections), bodiesFile];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`load generator failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as FormLoadSummary);
    });
  });
}

interface LoadResult extends FormLoadSummary {
  /** CPU time of this (the serving) process per request, µs. */
  cpuUs: number;
}

/** One load from the child process, with this process's CPU per request and, with BENCH_CPU_PROF, its profile. */
async function formLoad(name: string, url: string, bodiesFile: string): Promise<LoadResult> {
  const session = profileDir ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const summary = await runLoadGenerator(url, bodiesFile);
  const cpu = process.cpuUsage(cpuBefore);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(profileDir!, `oauth-token-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
  return { ...summary, cpuUs: (cpu.user + cpu.system) / Math.max(1, summary.requests) };
}

async function meanMicroseconds(iterations: number, run: () => Promise<unknown>): Promise<number> {
  for (let warm = 0; warm < Math.min(200, iterations); warm += 1) await run();
  const started = performance.now();
  for (let index = 0; index < iterations; index += 1) await run();
  return ((performance.now() - started) * 1000) / iterations;
}

// On a server database the run signs with that database's keys, which only its own key-encryption
// key opens; a key generated into a temporary directory would leave a key nobody can use.
if (process.env.DATABASE_URL && !process.env.OAUTH_KEY_ENCRYPTION_KEY) {
  console.error('With DATABASE_URL, set OAUTH_KEY_ENCRYPTION_KEY to the key the service uses on that database.');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'fsa-bench-oauth-'));
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  // The budget is not what is measured here.
  OAUTH_TOKEN_PER_MINUTE: '1000000',
  OAUTH_REGISTRATION_PER_HOUR: '100000',
});
const service = await startService({ config, log: createLogger(config.logLevel) });
const urls = oauthUrls({ site: service.config.siteUrl, base: service.config.baseUrl });
const tokenUrl = `http://${HOST}:${service.config.port}/api/oauth/token`;
const results: Array<[string, LoadResult]> = [];
let mintUs: number;
let verifyUs: number;
let joseUs: number;
let benchRows: { businessId: string; clientId: string; userId: string } | undefined;
try {
  const em = () => service.database.orm.em.fork();
  const caller = systemCaller({
    orm: service.database.orm,
    services: service.services,
    config: service.config,
    log: createLogger('silent'),
  });
  const suffix = randomBytes(4).toString('hex');
  const email = `bench-${suffix}@example.test`;
  const user = await caller.accounts.createUser({
    email,
    name: 'Bench',
    password: randomBytes(12).toString('base64url'),
  });
  const business = await caller.accounts.createBusiness({
    name: `Bench ${suffix}`,
    time_zone: 'UTC',
    currency: 'USD',
    owner_email: email,
  });
  const redirectUri = `http://127.0.0.1:9999/callback?b=${suffix}`;
  const client = await caller.protocols.oauth.clients.registerClient({
    redirect_uris: [redirectUri],
    client_name: `Bench ${suffix}`,
  });
  benchRows = { businessId: business.id, clientId: client.client_id, userId: user.id };
  const scope = 'mcp:read mcp:customers:write';

  process.stderr.write(`preparing ${tokens} authorization codes and ${tokens} refresh tokens...\n`);
  const codeBodies: string[] = [];
  const refreshBodies: string[] = [];
  const grant = {
    clientId: client.client_id,
    userId: user.id,
    businessId: business.id,
    scope,
    resource: urls.resource,
    redirectUri,
  };
  for (let index = 0; index < tokens; index += 1) {
    const verifier = randomBytes(32).toString('base64url');
    const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
    // Issued one minute ahead: codes live 60 s and preparing thousands takes a while.
    const issued = await issueAuthorization({ em: em(), now: new Date(Date.now() + 55_000), ...grant, codeChallenge });
    codeBodies.push(
      new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.client_id,
        code: issued.code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }).toString(),
    );
    const refresh = await issueRefreshToken(em(), { grantId: issued.grantId, scope, now: new Date() });
    refreshBodies.push(
      new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: client.client_id,
        refresh_token: refresh.token,
      }).toString(),
    );
  }
  const codesFile = join(dataDir, 'codes.json');
  const refreshFile = join(dataDir, 'refresh.json');
  writeFileSync(codesFile, JSON.stringify(codeBodies));
  writeFileSync(refreshFile, JSON.stringify(refreshBodies));

  // One exchange first: it creates the signing key and warms every path the load then takes.
  const warm = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: codeBodies.pop()!,
  });
  if (warm.status !== 200) throw new Error(`warm-up exchange answered ${warm.status}: ${await warm.text()}`);
  const { access_token: accessToken } = (await warm.json()) as { access_token: string };
  writeFileSync(codesFile, JSON.stringify(codeBodies));

  results.push(['authorization_code', await formLoad('authorization_code', tokenUrl, codesFile)]);
  results.push(['refresh_token', await formLoad('refresh_token', tokenUrl, refreshFile)]);

  const kek = await service.services.oauth.keyEncryptionKey(createLogger('silent'));
  const mintGrant = await issueAuthorization({ em: em(), now: new Date(), ...grant, codeChallenge: 'x'.repeat(43) });
  mintUs = await meanMicroseconds(verifyIterations, () =>
    mintAccessToken({
      em: em(),
      kek,
      now: new Date(),
      issuer: urls.issuer,
      audience: urls.resource,
      userId: user.id,
      businessId: business.id,
      clientId: client.client_id,
      scope,
      grantId: mintGrant.grantId,
      ttlSeconds: 3600,
    }),
  );

  const options = { issuer: urls.issuer, audience: urls.resource };
  if (!(await verifyAccessToken(accessToken, { em: em(), now: new Date(), ...options })))
    throw new Error('the issued access token does not verify');
  verifyUs = await meanMicroseconds(verifyIterations, () =>
    verifyAccessToken(accessToken, { em: em(), now: new Date(), ...options }),
  );
  const [jwk] = await publishedKeys(em(), new Date());
  const publicKey = await importJWK(jwk!, 'ES256');
  joseUs = await meanMicroseconds(verifyIterations * 5, () =>
    jwtVerify(accessToken, publicKey, { ...options, algorithms: ['ES256'], typ: 'at+jwt' }),
  );
} finally {
  // On a server database, leave nothing behind: the business (with its grants, codes and refresh
  // tokens, by cascade), the client and the user this run created.
  if (service.database.kind === 'postgresql' && benchRows) {
    const em = service.database.orm.em.fork();
    await runQuery(em, { sql: 'delete from businesses where id = ?', params: [benchRows.businessId] });
    await runQuery(em, { sql: 'delete from oauth_clients where client_id = ?', params: [benchRows.clientId] });
    await runQuery(em, { sql: 'delete from users where id = ?', params: [benchRows.userId] });
  }
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `POST /api/oauth/token: ${connections} connections, each credential used once; database: ${service.database.kind}, Node ${process.version}\n`,
);
const table = [
  ['grant_type', 'tokens', 'tokens/s', 'p50 ms', 'p99 ms', 'server CPU µs/token', 'failed'],
  ...results.map(([name, load]) => [
    name,
    String(load.requests),
    load.requestsPerSecond.toFixed(0),
    load.p50.toFixed(2),
    load.p99.toFixed(2),
    load.cpuUs.toFixed(0),
    String(load.failed),
  ]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
for (const line of table) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
console.log(
  `\nin process, mean of ${verifyIterations}: mintAccessToken ${mintUs.toFixed(0)} µs (ES256 sign + signing-key look-up)`,
);
console.log(
  `verifyAccessToken ${verifyUs.toFixed(0)} µs (signature + key publication + grant look-ups); jose jwtVerify alone ${joseUs.toFixed(0)} µs (mean of ${verifyIterations * 5}); ratio ${(verifyUs / joseUs).toFixed(1)}x`,
);
if (results.some(([, load]) => load.failed > 0)) {
  console.error('some token requests failed (connection errors, timeouts or non-2xx answers)');
  process.exitCode = 1;
}
