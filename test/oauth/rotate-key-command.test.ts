import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { runAdmin as admin } from '../helpers/admin-command.ts';
import { request } from '../helpers/http.ts';
import { createIsolatedDatabase } from '../helpers/isolated-database.ts';
import { freshDataDir, startTestService, testConfig } from '../helpers/test-service.ts';

interface Rotation {
  kid: string;
  alg: string;
  created_at: string;
  retired: Array<{ kid: string; retired_at: string; publish_until: string }>;
}

describe('npm run admin -- rotate-oauth-key', function () {
  this.timeout(180_000);
  // A database of its own (rotation changes which key signs), on the server when the run uses one.
  let env: { DATA_DIR: string; DATABASE_URL?: string };
  let drop: (() => Promise<void>) | undefined;
  before(async () => {
    env = { DATA_DIR: freshDataDir() };
    if (process.env.DATABASE_URL) {
      const isolated = await createIsolatedDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = isolated.url;
      drop = isolated.drop;
    }
  });
  after(async () => drop?.());

  it('prints its usage for --help without opening a database', async () => {
    const run = await admin({ DATABASE_URL: 'postgres://nowhere.invalid/db' }, ['rotate-oauth-key', '--help']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^Usage: npm run admin -- rotate-oauth-key \[--json\]/);
    const root = await admin({ DATABASE_URL: 'postgres://nowhere.invalid/db' }, ['--help']);
    expect(root.stdout).to.match(/^ {2}rotate-oauth-key /m);
  });

  it('creates a signing key, then replaces it, keeping the old one published for the token lifetime plus 5 minutes', async () => {
    const first = await admin({ ...env, OAUTH_ACCESS_TOKEN_TTL_SECONDS: '600' }, ['rotate-oauth-key', '--json']);
    expect(first.code, first.stderr).to.equal(0);
    const created = JSON.parse(first.stdout) as Rotation;
    expect(created).to.have.all.keys('kid', 'alg', 'created_at', 'retired');
    expect(created.alg).to.equal('ES256');
    expect(created.kid).to.match(/^[\w-]{43}$/);
    expect(created.retired).to.deep.equal([]);
    // The generated key-encryption key, private to its owner; a server database warns that it is a stop-gap.
    expect(statSync(join(env.DATA_DIR, 'oauth-kek')).mode & 0o777).to.equal(0o600);
    if (env.DATABASE_URL) expect(first.stderr).to.contain('OAUTH_KEY_ENCRYPTION_KEY is not set');

    const second = await admin({ ...env, OAUTH_ACCESS_TOKEN_TTL_SECONDS: '600' }, ['rotate-oauth-key']);
    expect(second.code, second.stderr).to.equal(0);
    const lines = second.stdout.trim().split('\n');
    expect(lines[0]).to.match(/^New signing key [\w-]{43} \(ES256\), active since \d{4}-\d\d-\d\dT/);
    expect(lines[1]).to.match(new RegExp(`^Retired ${created.kid}; it stays published until \\d{4}-`));
    const newKid = /^New signing key ([\w-]{43})/.exec(lines[0]!)![1]!;

    const third = await admin(env, ['rotate-oauth-key', '--json']);
    const rotated = JSON.parse(third.stdout) as Rotation;
    expect(rotated.retired.map((key) => key.kid)).to.deep.equal([newKid]);
    const [retired] = rotated.retired;
    expect(retired!.retired_at).to.equal(rotated.created_at);
    expect(new Date(retired!.publish_until).getTime() - new Date(retired!.retired_at).getTime()).to.equal(
      (3600 + 300) * 1000,
    );

    // The service on that database publishes the keys whose window is open: all three.
    const running = await startTestService({ config: testConfig(env) });
    try {
      const jwks = await request<{ keys: Array<{ kid: string }> }>(`${running.url}/api/v1/oauth/jwks`);
      expect(jwks.body.keys.map((key) => key.kid)).to.deep.equal([rotated.kid, newKid, created.kid]);
    } finally {
      await running.stop();
    }
  });

  it('fails with exit status 1 naming the variable when the key-encryption key is malformed', async () => {
    const run = await admin({ ...env, OAUTH_KEY_ENCRYPTION_KEY: 'too-short' }, ['rotate-oauth-key']);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.contain('OAUTH_KEY_ENCRYPTION_KEY');
    expect(run.stdout).to.equal('');
  });
});
