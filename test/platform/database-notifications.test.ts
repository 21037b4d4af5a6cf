import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { createLogger } from '../../core/logger.ts';
import { issueAuthorization } from '../../core/services/oauth/authorization-codes.ts';
import { standingGrant } from '../../core/services/oauth/grant-state-cache.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { startDatabaseNotifications, type RunningNotifications } from '../../orm/database-notifications.ts';
import { waitFor } from '../helpers/child-service.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { freshDataDir, startTestService, testConfig, type TestService } from '../helpers/test-service.ts';

/**
 * The listener the verification caches rely on (orm/database-notifications.ts) and the triggers that
 * feed it (Migration20261128000000_oauth_state_notifications), on a database of their own. The
 * embedded database has no listener (PGlite serves one connection): nothing to test there.
 */
if (!process.env.DATABASE_URL) {
  describe('database notifications (LISTEN/NOTIFY) on PostgreSQL', () => {
    it.skip(
      'PostgreSQL only: PGlite serves one connection, so nothing listens on the embedded database (its caches rely on the local write path and their time-to-live)',
    );
  });
}

(process.env.DATABASE_URL ? describe : describe.skip)(
  'database notifications (LISTEN/NOTIFY) on PostgreSQL',
  function () {
    this.timeout(120_000);
    let isolated: { url: string; drop: () => Promise<void> };
    let running: TestService;
    let sql: pg.Client;
    let listener: RunningNotifications | undefined;

    before(async () => {
      isolated = await createIsolatedDatabase(process.env.DATABASE_URL!);
      // The service migrates the database (the triggers included).
      running = await startTestService({
        config: testConfig({ DATABASE_URL: isolated.url, DATA_DIR: freshDataDir() }),
      });
      sql = new pg.Client({ connectionString: isolated.url });
      await sql.connect();
    });

    afterEach(async () => {
      await listener?.stop();
      listener = undefined;
    });

    after(async () => {
      await sql?.end();
      await running?.stop();
      await isolated?.drop();
    });

    /** A listener on `channel` that records payloads and gaps. */
    function listen(channel: string) {
      const received: string[] = [];
      let gaps = 0;
      listener = startDatabaseNotifications(isolated.url, createLogger('silent'));
      listener.subscribe(channel, (payload) => received.push(payload));
      listener.onGap(() => (gaps += 1));
      return { received, gaps: () => gaps };
    }

    /** Notifies until the listener has received `payload` (LISTEN takes effect asynchronously). */
    async function deliverUntilReceived(channel: string, payload: string, received: string[]) {
      await waitFor(
        () => {
          if (received.includes(payload)) return true;
          void sql.query('select pg_notify($1, $2)', [channel, payload]);
          return undefined;
        },
        10_000,
        `notification ${payload}`,
      );
    }

    /** A user owning a business, a registered client and a grant of theirs, made through the procedures. */
    async function grantFixture(tag: string) {
      const admin = systemCaller({
        orm: running.database.orm,
        services: running.services,
        config: running.config,
        log: createLogger('silent'),
      });
      const email = `${tag}-${randomUUID()}@example.test`;
      const user = await admin.accounts.createUser({
        email,
        name: tag,
        password: randomBytes(12).toString('base64url'),
      });
      const business = await admin.accounts.createBusiness({
        name: tag,
        time_zone: 'UTC',
        currency: 'USD',
        owner_email: email,
      });
      const client = await admin.protocols.oauth.clients.registerClient({
        redirect_uris: ['http://127.0.0.1:9/callback'],
        client_name: tag,
      });
      const { grantId } = await issueAuthorization({
        em: running.database.orm.em.fork(),
        now: new Date(),
        clientId: client.client_id,
        userId: user.id,
        businessId: business.id,
        scope: 'mcp:read',
        resource: `${running.config.baseUrl}/v1/mcp`,
        redirectUri: 'http://127.0.0.1:9/callback',
        codeChallenge: 'x'.repeat(43),
      });
      return { admin, business, grantId };
    }

    it('delivers what another connection notifies on a subscribed channel, and nothing of other channels', async () => {
      const { received } = listen('fsa_test_channel');
      await deliverUntilReceived('fsa_test_channel', 'hello', received);
      await sql.query("select pg_notify('fsa_other_channel', 'nope')");
      await deliverUntilReceived('fsa_test_channel', 'again', received);
      expect(received).not.to.include('nope');
    });

    it('listens to every channel of several subscribed together once connected (their LISTENs queued one at a time)', async () => {
      const { received } = listen('fsa_test_first');
      await deliverUntilReceived('fsa_test_first', 'ready', received);
      const channels = ['fsa_test_a', 'fsa_test_b', 'fsa_test_c', 'fsa_test_d', 'fsa_test_e'];
      const byChannel = new Map(channels.map((channel) => [channel, [] as string[]]));
      for (const [channel, payloads] of byChannel) listener!.subscribe(channel, (payload) => payloads.push(payload));
      for (const [channel, payloads] of byChannel) await deliverUntilReceived(channel, `to ${channel}`, payloads);
      expect(new Set(received)).to.deep.equal(new Set(['ready']));
    });

    it('refuses a channel name PostgreSQL would not take unquoted', () => {
      listener = startDatabaseNotifications(isolated.url, createLogger('silent'));
      expect(() => listener!.subscribe('Bad"; drop table x; --', () => undefined)).to.throw(/channel name/);
    });

    it('reports a gap when its connection is killed, reconnects and delivers again', async () => {
      const { received, gaps } = listen('fsa_test_channel');
      await deliverUntilReceived('fsa_test_channel', 'before', received);
      const gapsBefore = gaps();
      await sql.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'fsa-listener' and datname = current_database()",
      );
      await waitFor(
        () => (gaps() >= gapsBefore + 2 ? true : undefined),
        20_000,
        'the gap of the drop and of the reconnection',
      );
      await deliverUntilReceived('fsa_test_channel', 'after', received);
    });

    it('the triggers announce a grant revocation, a membership change and a key change, at commit only', async () => {
      const { admin, business, grantId } = await grantFixture('notify');
      const { received } = listen('fsa_oauth_state');
      await deliverUntilReceived('fsa_oauth_state', 'ready', received);

      // Rolled back: nothing is sent. The marker comes after, from the same session, so it would follow them.
      await sql.query('begin');
      await sql.query('update oauth_grants set revoked_at = now() where id = $1', [grantId]);
      await sql.query('delete from memberships where business_id = $1', [business.id]);
      await sql.query('rollback');
      await deliverUntilReceived('fsa_oauth_state', 'marker', received);
      expect(received.filter((payload) => payload !== 'ready' && payload !== 'marker')).to.deep.equal([]);

      await sql.query('update oauth_grants set revoked_at = now() where id = $1', [grantId]);
      await sql.query('delete from memberships where business_id = $1', [business.id]);
      await admin.infrastructure.signingKeys.rotate({});
      await waitFor(
        () =>
          ['grant:' + grantId, 'members', 'keys'].every((payload) => received.includes(payload)) ? true : undefined,
        10_000,
        'the grant, members and keys notifications',
      );
    });

    it("a revocation's notification removes the grant from this process's grant-state cache", async () => {
      const { grantId } = await grantFixture('cache');
      // The service's own listener feeds the cache; this one, subscribed after it, learns when it has run.
      const seen: string[] = [];
      running.notifications.subscribe('fsa_oauth_state', (payload) => seen.push(payload));
      await waitFor(
        () => {
          if (seen.includes('probe')) return true;
          void sql.query("select pg_notify('fsa_oauth_state', 'probe')");
          return undefined;
        },
        10_000,
        'the service listener',
      );
      expect(
        await standingGrant(running.services.caches.oauth.grantStates, running.database.orm.em.fork(), grantId),
      ).to.not.equal(undefined);
      // Revoked behind the service's back (no local forget): only the notification can tell it.
      await sql.query('update oauth_grants set revoked_at = now() where id = $1', [grantId]);
      await waitFor(
        () => (seen.includes(`grant:${grantId}`) ? true : undefined),
        10_000,
        'the revocation notification',
      );
      expect(
        await standingGrant(running.services.caches.oauth.grantStates, running.database.orm.em.fork(), grantId),
      ).to.equal(undefined);
    });
  },
);
