import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';

export interface MemberBusiness {
  id: string;
  name: string;
  /** The user's membership role there (owner, admin, member): whether they may grant write scopes. */
  role: string;
}

/** The businesses a user is a member of (any role), with the role, by name: the ones a grant may be bound to. */
export async function memberBusinesses(em: EntityManager, userId: string): Promise<MemberBusiness[]> {
  return runQuery<MemberBusiness>(em, {
    sql: `select b.id, b.name, m.role
            from memberships m join businesses b on b.id = m.business_id
           where m.user_id = ?
           order by b.name, b.id`,
    params: [userId],
  });
}
