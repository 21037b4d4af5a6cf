/**
 * `npm run db:diff`: migrates a fresh embedded database with the checked-in migrations and prints
 * the SQL that would make it match the entities (orm/schema-diff.ts): after changing an entity,
 * the body of the migration to write. Prints nothing when the migrations already create what the
 * entities describe. Exits 1 when PostgreSQL renders an entity expression differently from the
 * migrated one (each is named), which SQL alone would not show.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../orm/database.ts';
import { schemaDiff } from '../orm/schema-diff.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-schema-diff-'));
try {
  const database = await openDatabase({ url: undefined, dataDir, poolMax: 1 });
  try {
    const { differences, sql } = await schemaDiff(database.orm);
    if (sql) process.stdout.write(`${sql}\n`);
    for (const difference of differences) process.stderr.write(`${difference}\n`);
    if (differences.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
