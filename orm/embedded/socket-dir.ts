import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The "port" in the socket's name. Nothing listens on TCP: PostgreSQL clients (pg, psql) find a
 * Unix socket as `${host}/.s.PGSQL.${port}`, so this number only completes the file name.
 */
export const EMBEDDED_SOCKET_PORT = 5432;

/**
 * The longest socket path every platform accepts: sockaddr_un.sun_path is 108 bytes on Linux and
 * 104 on macOS and the BSDs, including the terminating NUL.
 */
const MAX_SOCKET_PATH_BYTES = 103;

export interface SocketDir {
  /** The directory holding the socket (mode 0700): the `host` a PostgreSQL client is given. */
  dir: string;
  /** `${dir}/.s.PGSQL.${EMBEDDED_SOCKET_PORT}`. */
  path: string;
  /** Removes the socket (and the directory when it was a temporary fallback). */
  remove(): void;
}

function socketPathIn(dir: string): string {
  return join(dir, `.s.PGSQL.${EMBEDDED_SOCKET_PORT}`);
}

/**
 * The directory the embedded database's socket lives in: `${dataDir}/run`, mode 0700, so only the
 * service's own OS user (and root) can connect. A socket file left by a process that crashed is
 * removed; the caller holds the data directory's lock, so no live server owns it.
 *
 * A data directory whose path is too long for a socket address gets a fresh 0700 directory under
 * the system's temporary directory instead (mkdtemp), removed again at stop.
 */
export function prepareSocketDir(dataDir: string): SocketDir {
  const preferred = join(dataDir, 'run');
  if (Buffer.byteLength(socketPathIn(preferred)) <= MAX_SOCKET_PATH_BYTES) {
    mkdirSync(preferred, { recursive: true, mode: 0o700 });
    const stat = lstatSync(preferred);
    // Not followed: a symbolic link here could point the socket (and its permissions) elsewhere.
    if (!stat.isDirectory())
      throw new Error(`${preferred} must be a directory (the embedded database's socket lives there).`);
    // mkdir leaves an existing directory's mode alone and applies the umask to a new one.
    chmodSync(preferred, 0o700);
    const path = socketPathIn(preferred);
    rmSync(path, { force: true });
    return { dir: preferred, path, remove: () => rmSync(path, { force: true }) };
  }
  const fallback = mkdtempSync(join(tmpdir(), 'fsa-db-'));
  const path = socketPathIn(fallback);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    rmSync(fallback, { recursive: true, force: true });
    throw new Error(
      `The embedded database's socket path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes. ` +
        'Set DATA_DIR (or TMPDIR) to a shorter path.',
    );
  }
  return { dir: fallback, path, remove: () => rmSync(fallback, { recursive: true, force: true }) };
}
