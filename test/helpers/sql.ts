import { service } from './root-hooks.ts';

/**
 * Fixture SQL with bind values on the shared test database: set-up and checks only (procedures
 * never run SQL from outside core). Instants are written as given, to the microsecond.
 */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return service().database.orm.em.fork().getConnection().execute<T[]>(text, params, 'all');
}

/** Rows of a business in a table (fixture checks). */
export async function countRows(table: string, businessId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from ${table} where business_id = ?`, [businessId]);
  return row!.n;
}
