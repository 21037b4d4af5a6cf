import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createTRPCClient, httpLink } from '@trpc/client';
import { expect } from 'chai';
import { whoamiInternalRouter, type WhoamiRouter } from '../fixtures/whoami-router.ts';
import { runAdmin as admin } from '../helpers/admin-command.ts';
import { repoRoot, runAdminProcess, type AdminRun } from '../helpers/child-service.ts';
import { freshDataDir, startTestService, testConfig } from '../helpers/test-service.ts';
import { uniqueSuffix } from './fixtures.ts';

/** `npm run admin` as a process with standard input (runScript ignores it): for --password-stdin. */
async function adminProcessWithStdin(
  env: Record<string, string | undefined>,
  args: string[],
  stdin: string,
): Promise<AdminRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

function expectSuccess(run: AdminRun): void {
  expect(run.code, run.stderr).to.equal(0);
}

describe('npm run admin', function () {
  this.timeout(180_000);
  let database: { DATABASE_URL?: string; DATA_DIR?: string };
  before(() => {
    // The run's own database on a server (root hooks set DATABASE_URL before this runs), else a fresh embedded one.
    database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: freshDataDir() };
  });
  const suffix = uniqueSuffix();
  const owner = `owner-${suffix}@example.test`;
  const member = `member-${suffix}@example.test`;
  const slug = `cli-test-${suffix}`;

  // The process runs are few: what only a process shows (exit status, stdout holding only the
  // result, standard input). The rest runs the same entry in process (helpers/admin-command.ts).
  it('prints the usage for --help, on the root and on each command, and exits 0 without opening a database', async () => {
    const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
    const commands = [
      'create-user',
      'create-business',
      'add-member',
      'create-api-token',
      'revoke-api-token',
      'list-businesses',
      'list-api-tokens',
      'seed-demo-business',
      'reset-password',
      'demo-owner',
    ];
    const [root, ...helps] = await Promise.all([
      runAdminProcess(nowhere, ['--help']),
      ...commands.map((command) => admin(nowhere, [command, '--help'])),
    ]);
    expect(root!.code).to.equal(0);
    commands.forEach((command, index) => {
      expect(root!.stdout).to.match(new RegExp(`^  ${command} `, 'm'));
      const help = helps[index]!;
      expect(help.code, command).to.equal(0);
      expect(help.stdout, command).to.match(new RegExp(`^Usage: npm run admin -- ${command}`));
      expect(help.stderr, command).to.equal('');
    });
  });

  it('exits 2 with the usage for an unknown command, an unknown or malformed flag, and a missing required flag', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /no command given/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['create-user', '--bogus'], /Unknown option '--bogus'/],
      [['create-user', '--email'], /--email/],
      [['list-businesses', 'extra'], /positional/i],
      [['create-business', '--name', 'X', '--currency', 'USD'], /--time-zone is required/],
      [['reset-password', '--password', 'x'.repeat(12)], /--email is required/],
      [
        ['reset-password', '--email', 'a@b.example', '--password', 'x'.repeat(12), '--password-stdin'],
        /either with --password or with --password-stdin/,
      ],
      [
        ['create-business', '--name', 'X', '--time-zone', 'UTC', '--currency', 'USD', '--hours', 'someday 9:00-10:00'],
        /"someday" is not a weekday/,
      ],
      [['create-user', '--email', 'a@b.test', '--name', 'A'], /A password is required/],
      [['seed-demo-business', '--workspace', 'tertiary'], /--workspace must be one of primary, secondary/],
      [
        ['create-api-token', '--business', 'b', '--name', 'n', '--expires-in', '90'],
        /--expires-in "90": expected a whole number of days, hours or minutes such as 90d, 12h or 30m/,
      ],
      [['create-api-token', '--business', 'b', '--name', 'n', '--expires-in', '1w'], /--expires-in "1w": expected/],
      [['create-api-token', '--business', 'b', '--name', 'n', '--expires-in', '0m'], /--expires-in "0m": expected/],
      [
        ['create-api-token', '--business', 'b', '--name', 'n', '--expires-in', '3651d'],
        /--expires-in 3651d: expected from 1m to 3650d/,
      ],
    ];
    const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
    const runs = await Promise.all(
      cases.map(([args], index) => (index === 1 ? runAdminProcess(nowhere, args) : admin(nowhere, args))),
    );
    cases.forEach(([args, message], index) => {
      const run = runs[index]!;
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr, args.join(' ')).to.match(message).and.to.contain('Usage: npm run admin --');
      expect(run.stdout, args.join(' ')).to.equal('');
    });
  });

  it('runs the whole flow: users, a business with its owner, a member, a token that works over /api/trpc, its revocation, the listing', async () => {
    const created = await adminProcessWithStdin(
      database,
      ['create-user', '--email', owner, '--name', 'Olive Owner', '--password-stdin', '--json'],
      'a long passphrase\n',
    );
    expectSuccess(created);
    const ownerUser = JSON.parse(created.stdout) as { id: string; email: string };
    expect(ownerUser.email).to.equal(owner);
    expect(created.stdout + created.stderr).not.to.contain('a long passphrase');

    const memberRun = await admin({ ...database, ADMIN_PASSWORD: 'another long passphrase' }, [
      'create-user',
      '--email',
      member,
      '--name',
      'Max Member',
    ]);
    expectSuccess(memberRun);
    expect(memberRun.stdout).to.match(new RegExp(`^Created user ${member} \\(Max Member\\), id [0-9a-f-]{36}\\.\\n$`));

    const duplicate = await admin({ ...database, ADMIN_PASSWORD: 'another long passphrase' }, [
      'create-user',
      '--email',
      member.toUpperCase(),
      '--name',
      'Max Again',
    ]);
    expect(duplicate.code).to.equal(1);
    expect(duplicate.stdout).to.equal('');
    expect(duplicate.stderr.trim()).to.equal(
      `error: A user with the e-mail address ${member.toUpperCase()} already exists. Reload the current state of the resource and resolve the conflict before retrying. [CONFLICT]`,
    );

    const business = await admin(database, [
      'create-business',
      '--name',
      `CLI Test ${suffix}`,
      '--time-zone',
      'America/Chicago',
      '--currency',
      'USD',
      '--owner-email',
      owner,
      '--hours',
      'mon-fri 08:00-17:00',
      '--industry',
      'hvac,plumbing',
      '--json',
    ]);
    expectSuccess(business);
    const businessJson = JSON.parse(business.stdout) as {
      id: string;
      slug: string;
      hours: unknown[];
      industries: string[];
      owner: { email: string };
    };
    expect(businessJson).to.deep.include({
      slug,
      industries: ['hvac', 'plumbing'],
      owner: { user_id: ownerUser.id, email: owner },
    });
    expect(businessJson.hours).to.have.length(5);

    const added = await admin(database, ['add-member', '--business', slug, '--email', member, '--role', 'admin']);
    expectSuccess(added);
    expect(added.stdout).to.equal(`Added ${member} to ${slug} as admin.\n`);

    const tokenRun = await admin(database, ['create-api-token', '--business', slug, '--name', 'ci client', '--json']);
    expectSuccess(tokenRun);
    const token = JSON.parse(tokenRun.stdout) as { id: string; token: string; scopes: string[] };
    expect(token.token).to.match(/^fsa_ws_/);
    expect(token.scopes).to.deep.equal(['workspace:read', 'workspace:write']);
    expect(tokenRun.stderr).to.contain('only time the token is shown');

    // The token works over /api/trpc against the same database, until it is revoked.
    const served = await startTestService({
      config: testConfig(database.DATA_DIR ? { DATA_DIR: database.DATA_DIR } : {}),
      trpcRouter: whoamiInternalRouter,
    });
    try {
      const client = createTRPCClient<WhoamiRouter>({
        links: [httpLink({ url: `${served.url}/api/trpc`, headers: { authorization: `Bearer ${token.token}` } })],
      });
      expect((await client.authProbe.whoami.query()).business_id).to.equal(businessJson.id);
    } finally {
      await served.stop();
    }

    const revoked = await admin(database, ['revoke-api-token', '--token-id', token.id]);
    expectSuccess(revoked);
    expect(revoked.stdout).to.match(/^Revoked API token "ci client"/);
    const again = await admin(database, ['revoke-api-token', '--token-id', token.id, '--json']);
    expectSuccess(again);
    expect(JSON.parse(again.stdout)).to.deep.include({ already_revoked: true });

    const expiring = await admin(database, [
      'create-api-token',
      '--business',
      slug,
      '--name',
      'quarterly',
      '--expires-in',
      '90d',
    ]);
    expectSuccess(expiring);
    const expiresAt = /expiring (\S+)\.\n/.exec(expiring.stdout)?.[1];
    expect(Date.parse(expiresAt!)).to.be.closeTo(Date.now() + 90 * 86_400_000, 120_000);
    const hourly = await admin(database, [
      'create-api-token',
      '--business',
      slug,
      '--name',
      'hourly',
      '--expires-in',
      '12h',
      '--json',
    ]);
    expectSuccess(hourly);
    const hourlyJson = JSON.parse(hourly.stdout) as { expires_at: string; created_at: string };
    expect(Date.parse(hourlyJson.expires_at) - Date.parse(hourlyJson.created_at)).to.equal(12 * 3_600_000);

    const tokens = await admin(database, ['list-api-tokens', '--business', slug]);
    expectSuccess(tokens);
    expect(tokens.stdout).to.contain(token.id).and.to.contain('revoked ').and.not.to.contain(token.token);
    expect(tokens.stdout.split('\n')[0]).to.match(/^ID +NAME +PREFIX +SCOPES +CREATED +LAST USED +EXPIRES +STATUS$/);
    const quarterlyLine = tokens.stdout.split('\n').find((line) => line.includes('quarterly'))!;
    expect(quarterlyLine)
      .to.contain(expiresAt)
      .and.to.match(/ active$/);
    expect(tokens.stdout.split('\n').find((line) => line.includes('ci client'))).to.match(/ never +revoked \S+$/);

    const listed = await runAdminProcess(database, ['list-businesses', '--json']);
    expectSuccess(listed);
    const item = (
      JSON.parse(listed.stdout) as { items: Array<{ slug: string; member_count: number; owner_emails: string[] }> }
    ).items.find((entry) => entry.slug === slug);
    expect(item).to.deep.include({ member_count: 2, owner_emails: [owner] });
    // Nothing but the JSON on stdout: logs stay on stderr.
    expect(listed.stdout.trim().startsWith('{')).to.equal(true);
  });

  it('seeds the small demo business once, owned by an existing user, and refuses a second copy', async () => {
    const seeded = await admin(database, [
      'seed-demo-business',
      '--workspace',
      'secondary',
      '--owner-email',
      owner,
      '--json',
    ]);
    expectSuccess(seeded);
    const result = JSON.parse(seeded.stdout) as { slug: string; rows: Record<string, number> };
    expect(result.slug).to.equal('harbor-plumbing');
    expect(result.rows).to.include({ businesses: 1, customers: 40, team_members: 5, jobs: 60, memberships: 1 });
    const listed = JSON.parse((await admin(database, ['list-businesses', '--json'])).stdout) as {
      items: Array<{ slug: string; owner_emails: string[] }>;
    };
    expect(listed.items.find((item) => item.slug === 'harbor-plumbing')?.owner_emails).to.deep.equal([owner]);
    const again = await admin(database, ['seed-demo-business', '--workspace', 'secondary']);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.contain('already exists').and.to.contain('[CONFLICT]');
  });

  it("exits 1 with the error's message for a failed operation", async () => {
    const unknown = await admin(database, ['add-member', '--business', `no-such-${suffix}`, '--email', owner]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr.trim()).to.match(
      /^error: No business with id or slug "no-such-[0-9a-f]+"\. Check the identifier; .* \[RESOURCE_NOT_FOUND\]$/,
    );
    const role = await admin(database, [
      'add-member',
      '--business',
      `no-such-${suffix}`,
      '--email',
      owner,
      '--role',
      'boss',
    ]);
    expect(role.code).to.equal(1);
    expect(role.stderr).to.match(/^error: Invalid parameter "role": .*\[VALIDATION_FAILED\]\n$/);
    const nobody = await admin(database, ['reset-password', '--email', `nobody-${suffix}@example.test`]);
    expect(nobody.code).to.equal(1);
    expect(nobody.stdout, 'no password is printed for a refused reset').to.equal('');
    expect(nobody.stderr.trim()).to.match(
      /^error: No user has the e-mail address nobody-[0-9a-f]+@example\.test\. .*\[RESOURCE_NOT_FOUND\]$/,
    );
    const short = await admin({ ...database, ADMIN_PASSWORD: 'short' }, ['reset-password', '--email', owner]);
    expect(short.code).to.equal(1);
    expect(short.stderr).to.match(/^error: Invalid parameter "password": .*\[VALIDATION_FAILED\]\n$/);
    const invalid = await admin(database, ['revoke-api-token', '--token-id', 'not-a-uuid']);
    expect(invalid.code).to.equal(1);
    expect(invalid.stderr.trim()).to.match(
      /^error: Invalid parameter "token_id": expected a UUID\. .*\[VALIDATION_FAILED\]$/,
    );
  });
});
