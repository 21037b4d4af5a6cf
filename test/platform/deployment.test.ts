import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { logLines, repoRoot, runScript, waitFor } from '../helpers/child-service.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/**
 * Docker does not run on the development machine (no daemon, no compose plugin), so what can be
 * checked without it is: the compose file's structure, and the image's start and health commands,
 * run exactly as the Dockerfile states them against a fresh data directory.
 */
const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');

/** The JSON (exec) form of a Dockerfile instruction, e.g. CMD ["node", ...]. */
function execForm(instruction: string): string[] {
  const line = dockerfile
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .find((each) => each.trimStart().startsWith(`${instruction} `) && each.includes('['));
  expect(line, instruction).to.be.a('string');
  return JSON.parse(line!.slice(line!.indexOf('['))) as string[];
}

interface ComposeService {
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  user?: string;
}

describe('deployment files', function () {
  this.timeout(120_000);

  it('docker-compose.yml: PostgreSQL, two instances with one SITE_URL and TRUST_PROXY, a proxy with its config checked in', () => {
    const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    expect(Object.keys(compose.services)).to.have.members(['postgres', 'api-1', 'api-2', 'proxy']);
    const [first, second] = [compose.services['api-1']!, compose.services['api-2']!];
    for (const instance of [first, second]) {
      expect(instance.environment).to.include({ TRUST_PROXY: 'true', NODE_ENV: 'production' });
      expect(instance.environment?.DATABASE_URL).to.match(/@postgres:5432\//);
      expect(instance.environment?.OAUTH_KEY_ENCRYPTION_KEY).to.be.a('string');
    }
    expect(first.environment?.SITE_URL).to.equal(second.environment?.SITE_URL);
    // The second instance starts once the first (which migrates) is healthy.
    expect(second.depends_on?.['api-1']).to.deep.equal({ condition: 'service_healthy' });
    const mount = compose.services.proxy!.volumes?.[0]?.split(':')[0];
    expect(existsSync(join(repoRoot, mount!))).to.equal(true);
    const caddyfile = readFileSync(join(repoRoot, mount!), 'utf8');
    expect(caddyfile).to.include('api-1:3000').and.include('api-2:3000');
  });

  it('the Dockerfile runs as a non-root user and installs without dev dependencies', () => {
    expect(dockerfile).to.match(/^USER node$/m);
    expect(dockerfile).to.match(/npm ci --omit=dev/);
    expect(dockerfile).to.match(/^HEALTHCHECK /m);
  });

  it("the image's CMD serves and its HEALTHCHECK passes, on a fresh data directory", async () => {
    const [command, ...args] = execForm('CMD');
    expect(command).to.equal('node');
    const run = runScript(
      args.at(-1)!,
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: freshDataDir(), SEED_DEMO: 'false' },
      [],
    );
    try {
      // runScript starts `node --import tsx <script>`: the same command as the CMD.
      expect(args).to.deep.equal(['--import', 'tsx', 'scripts/start.ts']);
      const listening = await waitFor(
        () =>
          logLines(run.stdout()).find(
            (line) => typeof line.url === 'string' && String(line.msg).startsWith('listening'),
          ),
        90_000,
        `the listening log line; stderr: ${run.stderr()}`,
      );
      const url = new URL(listening.url as string);
      expect((await fetch(`${url.origin}/api/health`)).status).to.equal(200);
      const [checkCommand, ...checkArgs] = execForm('HEALTHCHECK');
      const check = spawn(process.execPath, checkArgs, { env: { PORT: url.port }, stdio: 'ignore' });
      expect(checkCommand).to.equal('node');
      const [code] = (await once(check, 'exit')) as [number];
      expect(code).to.equal(0);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });
});
