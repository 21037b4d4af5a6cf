import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `work` in one database transaction (MikroORM's transactional: committed when `work`
 * resolves, rolled back when it throws). Query functions given `tx` run inside it: runQuery routes
 * lean SQL to the transaction's connection, and the unit of work of `tx` is flushed at commit.
 */
export function inTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(work);
}
