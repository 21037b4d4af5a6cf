import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkspaceRows } from './workspace-rows.ts';

const CHUNK = 500;

/**
 * Inserts a generated workspace in one transaction, table by table in generation order (parents
 * first), in multi-row statements: a few thousand rows take a second or two even on the embedded
 * database. Answers the row count per table.
 */
export async function insertDemoWorkspace(em: EntityManager, rows: WorkspaceRows): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await em.transactional(async (tx) => {
    for (const [entity, data] of rows.tables) {
      for (let start = 0; start < data.length; start += CHUNK) await tx.insertMany(entity, data.slice(start, start + CHUNK));
      counts[entity.meta.tableName] = data.length;
    }
  });
  return counts;
}
