import { DataDirInUseError } from '../../orm/embedded/data-dir-lock.ts';

/** Where a process tried to listen, and the variable and command an operator changes to move it. */
export interface ListenTarget {
  host: string;
  port: number;
  /** The environment variable that sets the port (PORT, FACILITATOR_PORT). */
  portVariable: string;
  /** The command that started the process, for the example in the fix ("npm start"). */
  command: string;
}

interface SystemError {
  code?: string;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
  message?: string;
  cause?: unknown;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim().replace(/\.$/, '');
}

/** The sentence for a failed listen() (Node's listen errors carry syscall "listen"), or undefined for any other error. */
function listenFailureSentence(error: unknown, target: ListenTarget): string | undefined {
  const { code, syscall } = (error ?? {}) as SystemError;
  if (syscall !== 'listen') return undefined;
  const where = `port ${target.port} on ${target.host}`;
  const free = `${target.portVariable}=${target.port === 0 ? 3000 : target.port + 1} ${target.command}`;
  switch (code) {
    case 'EADDRINUSE':
      return `Cannot listen: ${where} is already in use by another process; stop that process, or choose another port (${free}).`;
    case 'EACCES':
      return `Cannot listen: ${where} needs privileges this user does not have; choose a port above 1023 (${free}).`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen: ${target.host} is not an address of this machine; set HOST to one of its addresses (0.0.0.0 for all of them, 127.0.0.1 for this machine only).`;
    default:
      return `Cannot listen on ${where}: ${firstLine(String((error as SystemError).message))}; check HOST and ${target.portVariable}.`;
  }
}

/** A database connection failure's sentence (DATABASE_URL), by the driver's error code or SQLSTATE. */
function databaseSentence(error: SystemError): string | undefined {
  switch (error.code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `Cannot reach the PostgreSQL server of DATABASE_URL (${error.address ?? 'its host'}${error.port ? `:${error.port}` : ''}: ${error.code}); start it, or correct DATABASE_URL (unset, the service uses the embedded database in DATA_DIR).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Cannot resolve the host name of DATABASE_URL; correct DATABASE_URL (unset, the service uses the embedded database in DATA_DIR).';
    case '28P01':
    case '28000':
      return 'The PostgreSQL server refused the user or password of DATABASE_URL; correct the credentials in DATABASE_URL.';
    case '3D000':
      return 'The database named in DATABASE_URL does not exist on the server; create it (createdb <name>) or correct DATABASE_URL.';
    default:
      return undefined;
  }
}

/** The first error in a cause chain with a system or SQLSTATE code (MikroORM and knex wrap the driver's). */
function coded(error: unknown): SystemError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as SystemError;
    if (typeof candidate.code === 'string') return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/**
 * One readable sentence, fix included, for anything that stops the service before it listens: a
 * busy or forbidden port, a data directory held by another process or not writable, an
 * unreachable or refusing database; anything else is its message plus where to find the details.
 * No stack: the caller logs it at debug level.
 */
export function startupFailureSentence(error: unknown, target: ListenTarget): string {
  if (error instanceof DataDirInUseError) return error.message;
  const listen = listenFailureSentence(error, target);
  if (listen) return listen;
  const system = coded(error);
  if (system) {
    if ((system.code === 'EACCES' || system.code === 'EPERM' || system.code === 'EROFS') && system.path)
      return `Cannot write ${system.path} (${system.code}); give this user write access to DATA_DIR, or set DATA_DIR to a directory it can write.`;
    if (system.code === 'ENOSPC')
      return 'The disk holding DATA_DIR is full; free space, or set DATA_DIR to another disk.';
    const database = databaseSentence(system);
    if (database) return database;
  }
  const message = error instanceof Error ? firstLine(error.message) : String(error);
  return `The service could not start: ${message}. Run with LOG_LEVEL=debug to log the details.`;
}
