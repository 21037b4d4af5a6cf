import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';

/**
 * An e-mail address the way the user lookup compares it: the database's own `lower()`
 * (findUserByEmail matches `lower(email) = lower(?)`). Two inputs that find the same user have the
 * same form here, which JavaScript's toLowerCase does not promise: it lowers a final Σ to ς and
 * İ to i + U+0307, where PostgreSQL gives σ and i. Counters keyed by e-mail (the login throttle)
 * use this form, so no spelling of an address gets a budget of its own.
 */
export async function emailMatchForm(em: EntityManager, email: string): Promise<string> {
  const [row] = await runQuery<{ email: string }>(em, { sql: 'select lower(?::text) as email', params: [email] });
  return row!.email;
}
