import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { expect } from 'chai';
import pg from 'pg';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { issueAuthorization } from '../../core/services/oauth/authorization-codes.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { openDatabase, type Database } from '../../orm/database.ts';
import { systemCaller, type SystemCaller } from '../../scripts/lib/system-caller.ts';
import { runAdminProcess as runAdmin, startServiceProcess, type ChildRun } from '../helpers/child-service.ts';
import { request } from '../helpers/http.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/**
 * Two `npm start` processes on one PostgreSQL database, as behind a load balancer: one SITE_URL (the
 * tokens' issuer and audience) and one key-encryption key. What one instance changes, the other
 * honours: access tokens, their revocation and their membership within the 1 second the service
 * promises (each checked by polling the other instance against a deadline, after warming its
 * caches), signing-key rotation without a restart, and the request budgets (one budget, within 5%).
 */
const SITE_URL = 'http://localhost:8080';
const RESOURCE = `${SITE_URL}/api/v1/mcp`;
const STALENESS_BOUND_MS = 1000;
const GOV_BUDGET = 400;
const TOKEN_BUDGET = 100;
const REGISTRATION_BUDGET = 20;
/** Leased in threes (leaseSize): the shared-counter path of the default 600. */
const MCP_TOOL_BUDGET = 300;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

if (!process.env.DATABASE_URL) {
  describe('two service processes on one PostgreSQL: one OAuth state, one budget', () => {
    it.skip(
      'PostgreSQL only: the embedded database belongs to one process, so there is no second instance (set DATABASE_URL)',
    );
  });
}

(process.env.DATABASE_URL ? describe : describe.skip)(
  'two service processes on one PostgreSQL: one OAuth state, one budget',
  function () {
    this.timeout(240_000);
    const runs: ChildRun[] = [];
    let isolated: { url: string; drop: () => Promise<void> };
    let env: Record<string, string>;
    let origins: [string, string];
    let database: Database;
    let admin: SystemCaller;
    let sql: pg.Client;
    let party: { clientId: string; userId: string; businessId: string; redirectUri: string };

    /** `npm start` on a free port (SITE_URL is shared, so the log's URL does not name the port). */
    async function startInstance(): Promise<string> {
      const port = await freePort();
      await startServiceProcess({ ...env, PORT: String(port) }, runs);
      return `http://127.0.0.1:${port}`;
    }

    before(async () => {
      isolated = await createIsolatedDatabase(process.env.DATABASE_URL!);
      env = {
        HOST: '127.0.0.1',
        DATABASE_URL: isolated.url,
        SITE_URL,
        OAUTH_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        // Each budget test is a client of its own (X-Forwarded-For), untouched by the other tests' requests.
        TRUST_PROXY: 'true',
        GOV_RATE_LIMIT_PER_MINUTE: String(GOV_BUDGET),
        OAUTH_TOKEN_PER_MINUTE: String(TOKEN_BUDGET),
        OAUTH_REGISTRATION_PER_HOUR: String(REGISTRATION_BUDGET),
        MCP_TOOL_RATE_LIMIT_PER_MINUTE: String(MCP_TOOL_BUDGET),
      };
      // One after the other: the first migrates the empty database, the second finds it migrated.
      const first = await startInstance();
      origins = [first, await startInstance()];
      const config = loadConfig({ ...env, DATA_DIR: freshDataDir() });
      database = await openDatabase(config.database, { migrate: false });
      const services = createCoreServices(database, config);
      admin = systemCaller({ orm: database.orm, services, config, log: createLogger('silent') });
      sql = new pg.Client({ connectionString: isolated.url });
      await sql.connect();
      const email = `two-${randomUUID()}@example.test`;
      const user = await admin.accounts.createUser({
        email,
        name: 'Two',
        password: randomBytes(12).toString('base64url'),
      });
      const business = await admin.accounts.createBusiness({
        name: 'Two instances',
        time_zone: 'UTC',
        currency: 'USD',
        owner_email: email,
      });
      const redirectUri = 'http://127.0.0.1:43210/callback';
      const client = await admin.protocols.oauth.clients.registerClient({
        redirect_uris: [redirectUri],
        client_name: 'Two',
      });
      party = { clientId: client.client_id, userId: user.id, businessId: business.id, redirectUri };
    });

    after(async () => {
      for (const run of runs) run.child.kill('SIGTERM');
      await Promise.all(runs.map((run) => run.exited));
      await sql?.end();
      await database?.close();
      await isolated?.drop();
    });

    /** An access token from `origin`'s token endpoint, for a new grant of the party (optionally of another user). */
    async function tokenFrom(origin: string, who: { userId: string; businessId: string } = party) {
      const verifier = randomBytes(32).toString('base64url');
      const issued = await issueAuthorization({
        em: database.orm.em.fork(),
        now: new Date(),
        clientId: party.clientId,
        userId: who.userId,
        businessId: who.businessId,
        scope: 'mcp:read',
        resource: RESOURCE,
        redirectUri: party.redirectUri,
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      });
      const response = await request<{ access_token: string }>(`${origin}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: party.clientId,
          code: issued.code,
          redirect_uri: party.redirectUri,
          code_verifier: verifier,
        }).toString(),
      });
      expect(response.status, response.text).to.equal(200);
      return { token: response.body.access_token, grantId: issued.grantId };
    }

    /** The HTTP status of an authenticated MCP call on `origin` (by default tools/list). */
    async function mcpStatus(
      origin: string,
      token: string,
      message: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ): Promise<number> {
      const response = await request(`${origin}/api/v1/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(message),
      });
      return response.status;
    }

    /** Accepted several times on `origin`, so that its caches hold the token and its grant. */
    async function warm(origin: string, token: string): Promise<void> {
      for (let i = 0; i < 5; i += 1) expect(await mcpStatus(origin, token)).to.equal(200);
    }

    /** Polls `origin` until it refuses the token; fails if a call started after `deadline` still finds it accepted. */
    async function refusedBy(origin: string, token: string, deadline: number): Promise<void> {
      for (;;) {
        const startedAt = Date.now();
        const status = await mcpStatus(origin, token);
        if (status === 401) return;
        expect(status).to.equal(200);
        if (startedAt > deadline)
          throw new Error(`${origin} still accepted the token after the ${STALENESS_BOUND_MS} ms bound`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('an access token issued by one instance works on the other', async () => {
      const { token } = await tokenFrom(origins[0]);
      expect(await mcpStatus(origins[1], token)).to.equal(200);
      expect(await mcpStatus(origins[0], token)).to.equal(200);
    });

    it('a revocation on one instance is honoured by the other within 1 second', async () => {
      const { token } = await tokenFrom(origins[0]);
      await warm(origins[1], token);
      const revoked = await request(`${origins[0]}/api/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: party.clientId }).toString(),
      });
      expect(revoked.status, revoked.text).to.equal(200);
      await refusedBy(origins[1], token, Date.now() + STALENESS_BOUND_MS);
      expect(await mcpStatus(origins[0], token)).to.equal(401);
    });

    it('the removal of a membership is honoured by both instances within 1 second', async () => {
      const email = `member-${randomUUID()}@example.test`;
      const member = await admin.accounts.createUser({
        email,
        name: 'Member',
        password: randomBytes(12).toString('base64url'),
      });
      await admin.accounts.addMember({ business: party.businessId, email, role: 'member' });
      const { token } = await tokenFrom(origins[1], { userId: member.id, businessId: party.businessId });
      await warm(origins[0], token);
      await warm(origins[1], token);
      await sql.query('delete from memberships where business_id = $1 and user_id = $2', [party.businessId, member.id]);
      const deadline = Date.now() + STALENESS_BOUND_MS;
      await refusedBy(origins[0], token, deadline);
      await refusedBy(origins[1], token, deadline);
    });

    it('a signing key rotated on one instance signs there and verifies on the other without a restart', async () => {
      const before = await tokenFrom(origins[0]);
      await warm(origins[1], before.token);
      const rotation = await runAdmin({ ...env, DATA_DIR: freshDataDir() }, ['rotate-oauth-key', '--json']);
      expect(rotation.code, rotation.stderr).to.equal(0);
      const { kid } = JSON.parse(rotation.stdout) as { kid: string };
      const after = await tokenFrom(origins[0]);
      const kidOf = (token: string) =>
        (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
      expect(kidOf(after.token)).to.equal(kid);
      expect(kidOf(before.token)).not.to.equal(kid);
      expect(await mcpStatus(origins[1], after.token)).to.equal(200);
      // Tokens of the retired key keep verifying until they expire.
      expect(await mcpStatus(origins[1], before.token)).to.equal(200);
    });

    /** Sends `count` requests alternately to both instances, `parallel` at a time; answers the statuses. */
    async function split(
      count: number,
      parallel: number,
      send: (origin: string) => Promise<number>,
    ): Promise<number[]> {
      const statuses: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (next < count) {
            const index = next++;
            statuses.push(await send(origins[index % 2]!));
          }
        }),
      );
      return statuses;
    }

    const allowedWithin5Percent = (statuses: number[], budget: number) => {
      const allowed = statuses.filter((status) => status !== 429).length;
      expect(allowed, `allowed ${allowed} of a budget of ${budget}`).to.be.at.most(budget);
      expect(allowed, `allowed ${allowed} of a budget of ${budget}`).to.be.at.least(Math.floor(budget * 0.95));
      expect(statuses.filter((status) => status === 429).length).to.equal(statuses.length - allowed);
    };

    it('the government rate limit is one budget across both instances (within 5%)', async () => {
      const statuses = await split(GOV_BUDGET + 150, 8, async (origin) => {
        const response = await request(`${origin}/api/v1/government-opportunities/public?per_page=1`, {
          headers: { 'x-forwarded-for': '203.0.113.10' },
        });
        return response.status;
      });
      expect(statuses.filter((status) => status !== 200 && status !== 429)).to.deep.equal([]);
      allowedWithin5Percent(statuses, GOV_BUDGET);
    });

    it("an OAuth grant's MCP tool-call budget is one budget across both instances (within 5%)", async () => {
      // tools/list (the other tests' MCP calls) is not counted; each tokenFrom is a new grant, so a budget of its own.
      const { token } = await tokenFrom(origins[0]);
      const call = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get-business-profile', arguments: {} },
      };
      const statuses = await split(MCP_TOOL_BUDGET + 100, 8, (origin) => mcpStatus(origin, token, call));
      expect(statuses.filter((status) => status !== 200 && status !== 429)).to.deep.equal([]);
      allowedWithin5Percent(statuses, MCP_TOOL_BUDGET);
    });

    it('the OAuth token and registration budgets are one budget across both instances (within 5%)', async () => {
      const tokenStatuses = await split(TOKEN_BUDGET + 50, 8, async (origin) => {
        const response = await request(`${origin}/api/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.11' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: party.clientId,
            refresh_token: 'unknown',
          }).toString(),
        });
        return response.status;
      });
      expect(tokenStatuses.filter((status) => status !== 400 && status !== 429)).to.deep.equal([]);
      allowedWithin5Percent(tokenStatuses, TOKEN_BUDGET);

      const registrationStatuses = await split(REGISTRATION_BUDGET + 10, 4, async (origin) => {
        const response = await request(`${origin}/api/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.12' },
          body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:43210/callback'], client_name: 'Budget' }),
        });
        return response.status;
      });
      expect(registrationStatuses.filter((status) => status !== 201 && status !== 429)).to.deep.equal([]);
      allowedWithin5Percent(registrationStatuses, REGISTRATION_BUDGET);
    });
  },
);
