import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Secret } from '../../config.ts';
import type { Logger } from '../../logger.ts';

const KEY_BYTES = 32;

/** The key-encryption key, resolved on first use (the caller's logger receives any warning). */
export type KeyEncryptionKeySource = (log: Logger) => Promise<Buffer>;

export interface KeyEncryptionKeyOptions {
  /** OAUTH_KEY_ENCRYPTION_KEY, when set: used as is, no file is touched. */
  configured: Secret<Buffer> | undefined;
  /** Where a generated key lives when the variable is unset (`${DATA_DIR}/oauth-kek`). */
  file: string;
  /** Logged once when the file is used: set when the file is a stop-gap (a server database in development). */
  fileWarning?: string;
}

function parseKeyFile(text: string, file: string): Buffer {
  const value = text.trim();
  const key = Buffer.from(value, 'base64');
  if (!/^[\w+/-]{43}=?$/.test(value) || key.length !== KEY_BYTES) {
    throw new Error(
      `The OAuth key-encryption key file ${file} does not hold the base64 of 32 bytes; restore it, or set OAUTH_KEY_ENCRYPTION_KEY.`,
    );
  }
  return key;
}

async function readKeyFile(file: string, log: Logger): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const { mode } = await stat(file);
  if ((mode & 0o077) !== 0)
    log.warn(
      { file, mode: (mode & 0o777).toString(8) },
      'the OAuth key-encryption key file is readable by other users; chmod 600 it',
    );
  return parseKeyFile(text, file);
}

/**
 * Reads the key file, or creates it with a new random key (mode 0600). Creation is race-safe
 * across processes: the key is written to a private temporary file and hard-linked into place,
 * which fails when another process got there first; then that process's key is read.
 */
async function loadOrCreateKeyFile(file: string, log: Logger): Promise<Buffer> {
  const existing = await readKeyFile(file, log);
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
    log.info({ file }, 'generated the OAuth key-encryption key');
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readKeyFile(file, log))!;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Where the key-encryption key comes from: OAUTH_KEY_ENCRYPTION_KEY when set, else the key file,
 * created on first use. Resolved once per source (a failure is retried on the next use). The
 * file's key must reach every instance that signs tokens on the same database, and must not be
 * lost: without it the stored signing keys cannot sign (verification needs only public keys).
 */
export function keyEncryptionKeySource(options: KeyEncryptionKeyOptions): KeyEncryptionKeySource {
  let resolved: Promise<Buffer> | undefined;
  return (log) => {
    if (options.configured) return Promise.resolve(options.configured.reveal());
    resolved ??= (async () => {
      if (options.fileWarning) log.warn({ file: options.file }, options.fileWarning);
      return loadOrCreateKeyFile(options.file, log);
    })().catch((error: unknown) => {
      resolved = undefined;
      throw error;
    });
    return resolved;
  };
}
