import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A test run's tag: the names of the databases its processes create start with it. */
export function runTag(): string {
  return randomBytes(4).toString('hex');
}

function runPrefix(serverUrl: string, tag: string): string {
  return `${new URL(serverUrl).pathname.slice(1) || 'fsa'}_run_${tag}_`;
}

/**
 * Gives a test process its own database on the PostgreSQL server named by DATABASE_URL, so runs
 * (and the worker processes of one parallel run) never see each other's rows. The role needs
 * CREATEDB. Answers the new URL and a function that drops the database.
 */
export async function createIsolatedDatabase(
  serverUrl: string,
  tag: string = process.env.TEST_RUN_TAG ?? runTag(),
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${runPrefix(serverUrl, tag)}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await dropDatabase(client, name);
      } finally {
        await client.end();
      }
    },
  };
}

/** Drops every database of the run `tag` names: what its worker processes left when the pool ended them. */
export async function dropRunDatabases(serverUrl: string, tag: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [runPrefix(serverUrl, tag)],
    );
    for (const { datname } of rows) await dropDatabase(client, datname);
  } finally {
    await client.end();
  }
}

/**
 * Drops a database of the run. Not `with (force)`: that refuses outright when an autovacuum worker
 * happens to be in the database (a role without pg_signal_backend may not terminate it), while a
 * plain drop stops autovacuum workers itself. So our own role's sessions are ended first, and the
 * drop is retried while a session is still going away.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and usename = current_user and pid <> pg_backend_pid()`,
      [name],
    );
    try {
      await client.query(`drop database if exists "${name}"`);
      return;
    } catch (error) {
      const stillInUse = (error as { code?: string }).code === '55006';
      if (!stillInUse || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
