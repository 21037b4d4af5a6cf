import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Tag } from '../../../../orm/entities/field-service/tag.ts';
import { runQuery } from '../../sql/query.ts';

/**
 * The ids of these tag names in one business, creating the missing ones. Names match regardless of
 * letter case (the unique index is on lower(name)); the first spelling used is kept.
 */
export async function tagIdsFor(em: EntityManager, businessId: string, names: readonly string[], now: Date): Promise<string[]> {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  if (wanted.size === 0) return [];
  const existing = await runQuery<{ id: string; key: string }>(em, {
    sql: `select id, lower(name) as key from tags where business_id = ? and lower(name) in (${[...wanted.keys()].map(() => '?').join(', ')})`,
    params: [businessId, ...wanted.keys()],
  });
  const ids = new Map(existing.map((row) => [row.key, row.id]));
  for (const [key, name] of wanted) {
    if (!ids.has(key)) ids.set(key, em.create(Tag, { id: randomUUID(), businessId, name, color: null, createdAt: now, updatedAt: now }).id);
  }
  return [...wanted.keys()].map((key) => ids.get(key)!);
}
