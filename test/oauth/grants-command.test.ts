import { expect } from 'chai';
import { issueAuthorization } from '../../core/services/oauth/authorization-codes.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { PASSWORD, uniqueSuffix } from '../accounts/fixtures.ts';
import { runAdmin as admin } from '../helpers/admin-command.ts';
import { service } from '../helpers/root-hooks.ts';
import { freshDataDir, startTestService, testConfig } from '../helpers/test-service.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { challengeOf, loopbackRedirect, newVerifier } from './token-flow-fixtures.ts';

/** A user with two grants (two clients) in a business of theirs, made through the procedures of `running`. */
async function seedGrants(
  running: RunningService,
): Promise<{ email: string; grantIds: string[]; clientIds: string[]; businessSlug: string }> {
  const caller = systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
  const email = `grants-cli-${uniqueSuffix()}@example.test`;
  const user = await caller.accounts.createUser({ email, name: 'Grants CLI', password: PASSWORD });
  const business = await caller.accounts.createBusiness({
    name: `Grants CLI ${uniqueSuffix()}`,
    time_zone: 'UTC',
    currency: 'USD',
    owner_email: email,
  });
  const grantIds: string[] = [];
  const clientIds: string[] = [];
  for (const name of ['First Agent', 'Second Agent']) {
    const redirect = loopbackRedirect();
    const client = await caller.protocols.oauth.clients.registerClient({
      redirect_uris: [redirect],
      client_name: `${name} ${uniqueSuffix()}`,
    });
    const issued = await issueAuthorization({
      em: running.database.orm.em.fork(),
      now: new Date(Date.now() + grantIds.length * 1000),
      clientId: client.client_id,
      userId: user.id,
      businessId: business.id,
      scope: 'mcp:read',
      resource: `${running.config.baseUrl}/v1/mcp`,
      redirectUri: redirect,
      codeChallenge: challengeOf(newVerifier()),
    });
    grantIds.push(issued.grantId);
    clientIds.push(client.client_id);
  }
  return { email, grantIds, clientIds, businessSlug: business.slug };
}

describe('npm run admin -- list-oauth-grants / revoke-oauth-grant', function () {
  this.timeout(180_000);
  let env: Record<string, string>;
  let seeded: Awaited<ReturnType<typeof seedGrants>>;
  before(async () => {
    if (process.env.DATABASE_URL) {
      // The run's own database on the server, which the shared service uses too.
      env = { DATABASE_URL: process.env.DATABASE_URL };
      seeded = await seedGrants(service());
    } else {
      // The embedded database allows one process per directory: seed it with a service, stop it, then run the commands.
      const dataDir = freshDataDir();
      const seeding = await startTestService({ config: testConfig({ DATA_DIR: dataDir }) });
      try {
        seeded = await seedGrants(seeding);
      } finally {
        await seeding.stop();
      }
      env = { DATA_DIR: dataDir };
    }
  });

  it('prints the usage for --help and is listed by the root usage', async () => {
    const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
    const [root, list, revoke] = await Promise.all([
      admin(nowhere, ['--help']),
      admin(nowhere, ['list-oauth-grants', '--help']),
      admin(nowhere, ['revoke-oauth-grant', '--help']),
    ]);
    expect(root.stdout)
      .to.match(/^ {2}list-oauth-grants /m)
      .and.match(/^ {2}revoke-oauth-grant /m);
    expect(list.code).to.equal(0);
    expect(list.stdout).to.match(
      /^Usage: npm run admin -- list-oauth-grants --email <address> \[--active\] \[--json\]/,
    );
    expect(revoke.code).to.equal(0);
    expect(revoke.stdout).to.match(/^Usage: npm run admin -- revoke-oauth-grant --id <grant id> \[--json\]/);
  });

  it('exits 2 with the usage for a missing or unknown flag', async () => {
    const cases = [
      ['list-oauth-grants'],
      ['revoke-oauth-grant'],
      ['list-oauth-grants', '--email'],
      ['revoke-oauth-grant', '--grant', 'x'],
    ];
    // No database is opened for wrong usage, so the runs can go in parallel.
    const runs = await Promise.all(cases.map((args) => admin({ DATABASE_URL: 'postgres://nowhere.invalid/db' }, args)));
    for (const [index, args] of cases.entries()) {
      const run = runs[index]!;
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr)
        .to.match(/^error: /)
        .and.contain(`Usage: npm run admin -- ${args[0]}`);
      expect(run.stdout).to.equal('');
    }
  });

  it("lists the user's grants as a table and as JSON, newest first", async () => {
    const text = await admin(env, ['list-oauth-grants', '--email', seeded.email]);
    expect(text.code, text.stderr).to.equal(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).to.match(/^GRANT\s+CLIENT\s+NAME\s+BUSINESS\s+SCOPE\s+CREATED\s+LAST REFRESH\s+STATUS$/);
    expect(lines).to.have.length(3);
    expect(lines[1])
      .to.contain(seeded.grantIds[1])
      .and.contain(seeded.clientIds[1])
      .and.contain('Second Agent')
      .and.contain(seeded.businessSlug)
      .and.match(/never\s+unused$/);
    expect(lines[2]).to.contain(seeded.grantIds[0]).and.contain('First Agent');

    const json = await admin(env, ['list-oauth-grants', '--email', seeded.email.toUpperCase(), '--json']);
    expect(json.code, json.stderr).to.equal(0);
    const listed = JSON.parse(json.stdout) as {
      email: string;
      items: Array<{ grant_id: string; status: string; scope: string }>;
    };
    expect(listed.email).to.equal(seeded.email);
    expect(listed.items.map((grant) => grant.grant_id)).to.deep.equal([seeded.grantIds[1], seeded.grantIds[0]]);
    expect(listed.items[0]).to.include({ status: 'unused', scope: 'mcp:read' });
  });

  it('revokes a grant (and says so when it already was), after which --active hides it', async () => {
    const [target] = seeded.grantIds;
    const first = await admin(env, ['revoke-oauth-grant', '--id', target!]);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout).to.match(
      new RegExp(
        `^Revoked OAuth grant ${target} of First Agent .* at \\d{4}-\\d\\d-\\d\\dT.*: its access and refresh tokens no longer work\\.\\n$`,
      ),
    );
    const second = await admin(env, ['revoke-oauth-grant', '--id', target!, '--json']);
    expect(second.code, second.stderr).to.equal(0);
    const result = JSON.parse(second.stdout) as {
      already_revoked: boolean;
      grant: { grant_id: string; status: string; revoked_at: string };
    };
    expect(result.already_revoked).to.equal(true);
    expect(result.grant).to.include({ grant_id: target, status: 'revoked' });

    const active = await admin(env, ['list-oauth-grants', '--email', seeded.email, '--active', '--json']);
    expect(
      (JSON.parse(active.stdout) as { items: Array<{ grant_id: string }> }).items.map((grant) => grant.grant_id),
    ).to.deep.equal([seeded.grantIds[1]]);
    const all = await admin(env, ['list-oauth-grants', '--email', seeded.email]);
    expect(all.stdout).to.match(new RegExp(`${target}.*revoked \\d{4}-`));
  });

  it('exits 1 naming the problem for an unknown user or grant and a malformed id', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['list-oauth-grants', '--email', 'nobody-here@example.test'],
        /No user with e-mail nobody-here@example\.test.*\[RESOURCE_NOT_FOUND\]/,
      ],
      [
        ['revoke-oauth-grant', '--id', '00000000-0000-4000-8000-000000000000'],
        /No OAuth grant with id .*\[RESOURCE_NOT_FOUND\]/,
      ],
      [['revoke-oauth-grant', '--id', 'grant-1'], /"grant_id": expected a UUID.*\[VALIDATION_FAILED\]/],
    ];
    for (const [args, message] of cases) {
      const run = await admin(env, args);
      expect(run.code, args.join(' ')).to.equal(1);
      expect(run.stderr).to.match(message);
      expect(run.stdout).to.equal('');
    }
  });
});
