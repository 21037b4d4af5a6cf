import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockPathOf = (dataDir: string) => join(dataDir, 'service.lock');

/** The data directory is held by a live process: the CLI can work through that process's socket. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly holder: number,
    options?: ErrorOptions,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder} (the service is already running there). ` +
        'npm run admin, npm run seed and npm run db:serve work beside it, through its socket; ' +
        `to restart the service, stop process ${holder} first; ` +
        'to run a second, separate service, give it its own DATA_DIR and PORT.',
      options,
    );
  }
}

/** What the lock says: the holder's process id and, once it serves, its socket's directory. */
export function readDataDirLock(dataDir: string): { pid: number; socketDir: string | undefined } | undefined {
  let text;
  try {
    text = readFileSync(lockPathOf(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [pid, socketDir] = text.split('\n').map((line) => line.trim());
  const holder = Number(pid);
  if (!Number.isInteger(holder) || holder <= 0) return undefined;
  return { pid: holder, socketDir: socketDir || undefined };
}

/**
 * One process per embedded data directory: two PGlite instances on the same files corrupt them.
 * A lock left by a process that died is taken over. Does not protect against a second process
 * on another machine sharing the directory over a network file system.
 *
 * The answer releases the lock; `record` adds the socket's directory to it, for the clients that
 * work beside the holder (the directory is a temporary one when DATA_DIR is too long for a socket).
 */
export function lockDataDir(dataDir: string): { release(): void; record(socketDir: string): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = lockPathOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release: () => rmSync(lockPath, { force: true }),
        record: (socketDir) => writeFileSync(lockPath, `${process.pid}\n${socketDir}\n`),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readDataDirLock(dataDir)?.pid;
      if (holder !== undefined && isAlive(holder)) throw new DataDirInUseError(dataDir, holder, { cause: error });
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dataDir}.`);
}
