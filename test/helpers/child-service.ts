import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freshDataDir } from './test-service.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Runs one of the repository's TypeScript scripts as `npm` would, in a child process. */
export function runScript(script: string, env: Record<string, string | undefined>, args: string[] = []): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** What a finished `npm run admin` printed and its exit code. */
export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- <args>` as a child process on the database `env` names, run to its end: for what
 * only a process shows (its exit status, its streams, its socket use). Everything else runs the same
 * entry in process (admin-command.ts), without loading the service's modules once per command.
 */
export async function runAdminProcess(env: Record<string, string | undefined>, args: string[]): Promise<AdminRun> {
  const run = runScript('scripts/admin.ts', env, args);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** JSON log lines a child printed so far. */
export function logLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A `npm start` child once it listens: the run and the URL its listening log line names. */
export interface ServiceProcess {
  run: ChildRun;
  /** The listening line's `url`: SITE_URL when the caller set one, else the bound address. */
  url: string;
}

/**
 * `npm start` as a child process, as an operator runs it: on its own data directory, no demo seed,
 * JSON logs at info, port 0 unless `env` names one; `env` adds or overrides variables. The run is
 * pushed on `runs` before it is awaited, so the caller's cleanup stops it even when start-up fails.
 */
export async function startServiceProcess(
  env: Record<string, string | undefined>,
  runs: ChildRun[],
): Promise<ServiceProcess> {
  const run = runScript('scripts/start.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: freshDataDir(),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...env,
  });
  runs.push(run);
  const listening = await waitFor(
    () =>
      logLines(run.stdout()).find((line) => typeof line.url === 'string' && String(line.msg).startsWith('listening')),
    60_000,
    `the listening log line; stderr: ${run.stderr()}`,
  );
  return { run, url: listening.url as string };
}
