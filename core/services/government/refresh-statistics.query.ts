import type { EntityManager } from '@mikro-orm/postgresql';

/** VACUUM ANALYZE of the government tables. VACUUM cannot run in a transaction block; knex.raw runs it on its own. */
export async function vacuumAnalyzeGovernmentTables(em: EntityManager): Promise<void> {
  await em.getKnex().raw('vacuum analyze government_opportunities, government_classification_codes');
}
