import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkspaceTable } from './workspace-entities.query.ts';

const CHUNK = 500;

/**
 * Inserts a demo business's rows in one transaction, table by table in the given order (parents
 * first), in multi-row statements: a few thousand rows take a second or two even on the embedded
 * database. Answers the row count per table.
 */
export async function insertWorkspaceRows(
  em: EntityManager,
  tables: Iterable<WorkspaceTable>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await em.transactional(async (tx) => {
    for (const [entity, data] of tables) {
      for (let start = 0; start < data.length; start += CHUNK)
        await tx.insertMany(entity, data.slice(start, start + CHUNK));
      counts[entity.meta.tableName] = data.length;
    }
  });
  return counts;
}
