import type { EntityManager } from '@mikro-orm/postgresql';

/** How many opportunities are stored, whatever their status (seeding continues the sequence after them). */
export async function countGovernmentOpportunities(em: EntityManager): Promise<number> {
  const rows = (await em
    .getConnection()
    .execute('select count(*)::int as total from government_opportunities', [], 'all')) as Array<{ total: number }>;
  return rows[0]?.total ?? 0;
}
