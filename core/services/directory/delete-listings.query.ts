import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes listings by slug, or by slug prefix; answers how many were deleted. The prefix must hold
 * no LIKE wildcards (the procedure's schema allows [a-z0-9-] only). Photos go by the foreign key's cascade.
 */
export async function deleteDirectoryListings(
  em: EntityManager,
  which: { slugs: string[] } | { slugPrefix: string },
): Promise<number> {
  const connection = em.getConnection();
  const rows =
    'slugs' in which
      ? await connection.execute<{ id: number }[]>(
          'delete from directory_listings where slug in (select json_array_elements_text(?::json)) returning id',
          [JSON.stringify(which.slugs)],
          'all',
        )
      : await connection.execute<{ id: number }[]>(
          'delete from directory_listings where slug like ? returning id',
          [`${which.slugPrefix}%`],
          'all',
        );
  return rows.length;
}
