import { runQuery, type SqlSource } from '../../sql/query.ts';
import { resumeNameSql } from './name-key.query.ts';

export interface ContactRow {
  id: string;
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  is_primary: boolean;
}

/** Where a page of contacts resumes: after (is_primary, name, id) of the last one. */
export type ContactKey = readonly [boolean, string | null, string];

/**
 * Contacts of one customer of one business: the primary one first, then by name (byte order), then id.
 * The caller has checked that the customer is the business's.
 */
export function customerContacts(
  em: SqlSource,
  businessId: string,
  customerId: string,
  after: ContactKey | undefined,
  limit: number,
): Promise<ContactRow[]> {
  // Keyset on (not is_primary, name, id) ascending: false sorts before true, so primaries come first.
  const resume = after
    ? `and (not cc.is_primary, cc.name collate "C", cc.id) > (not ?::boolean, ${resumeNameSql('customer_contacts')} collate "C", ?::uuid)`
    : '';
  return runQuery<ContactRow>(em, {
    sql: `select cc.id, cc.name, cc.role, cc.email, cc.phone, cc.is_primary
          from customer_contacts cc
          where cc.business_id = ? and cc.customer_id = ? ${resume}
          order by not cc.is_primary, cc.name collate "C", cc.id
          limit ?`,
    params: [businessId, customerId, ...(after ? [after[0], after[1], businessId, after[2], after[2]] : []), limit],
  });
}

export function toContact(row: ContactRow) {
  return { id: row.id, name: row.name, role: row.role, email: row.email, phone: row.phone, is_primary: row.is_primary };
}
