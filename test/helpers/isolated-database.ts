import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Gives a test run its own database on the PostgreSQL server named by DATABASE_URL, so runs
 * never see each other's rows (several runs at once, or one after another, on one server).
 * The role needs CREATEDB. Answers the new URL and a function that drops the database.
 */
export async function createIsolatedDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(serverUrl);
  const name = `${base.pathname.slice(1) || 'fsa'}_run_${randomBytes(5).toString('hex')}`;
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
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
