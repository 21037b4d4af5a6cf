import type { EntityManager } from '@mikro-orm/postgresql';

/** How many listings exist, whatever their status (the seeder continues the sequence after them). */
export async function countDirectoryListings(em: EntityManager): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ count: number }[]>('select count(*)::int as count from directory_listings', [], 'all');
  return row?.count ?? 0;
}
