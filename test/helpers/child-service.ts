import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

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

/** `npm run admin -- <args>` as a child process on the database `env` names, run to its end. */
export async function runAdmin(env: Record<string, string | undefined>, args: string[]): Promise<AdminRun> {
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
