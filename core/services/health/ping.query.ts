import type { SqlSource } from '../sql/query.ts';

/** The cheapest round trip to the database: `select 1`. */
export async function selectOne(source: SqlSource): Promise<void> {
  await source.getKnex().raw('select 1');
}
