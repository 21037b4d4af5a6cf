import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another live process holds the data directory; the message is the sentence an operator reads, fix included. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
    options?: ErrorOptions,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder}. ` +
        'Stop that process, or set DATA_DIR to another directory.',
      options,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * One process per embedded data directory: two PGlite instances on the same files corrupt them.
 * A lock left by a process that died is taken over. Does not protect against a second process
 * on another machine sharing the directory over a network file system.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder, { cause: error });
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dataDir}.`);
}
