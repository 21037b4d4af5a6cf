import { Readable, Writable } from 'node:stream';
import { runAdmin as runAdminCommandLine } from '../../scripts/admin/run-admin.ts';
import type { AdminRun } from './child-service.ts';

/** A stream that keeps what is written to it. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/**
 * `npm run admin -- <args>` run in this process through the same entry scripts/admin.ts calls
 * (scripts/admin/run-admin.ts), with exactly the variables `env` names and `stdin` as its input:
 * what it printed on each stream and its exit status. The process boundary itself (exit status,
 * stdout holding only the result) is tested with runAdminProcess (child-service.ts).
 */
export async function runAdmin(env: Record<string, string | undefined>, args: string[], stdin = ''): Promise<AdminRun> {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await runAdminCommandLine(args, {
    env: { ...env },
    stdin: Readable.from(stdin === '' ? [] : [Buffer.from(stdin)]),
    stdout,
    stderr,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
