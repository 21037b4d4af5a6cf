import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { recordChangeEvents } from '../changes/record-change-events.ts';
import { loadCustomer } from './customer-detail.ts';
import type { CustomerRow } from './customer-rows.query.ts';
import { customerWithEmail } from './customer-with-email.query.ts';
import { duplicateEmail } from './email-conflict.ts';
import { customerNotFound } from './require-customer.query.ts';
import { tagIdsFor } from './tag-ids.query.ts';

/** What update-customer changes: a column is set only when its key is present (null clears it). */
export interface CustomerChanges {
  name?: string;
  company_name?: string | null;
  email?: string | null;
  phone?: string | null;
  status?: CustomerRow['status'];
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  region?: string | null;
  postal_code?: string | null;
  country?: string | null;
  notes?: string | null;
  /** Tag names replacing the customer's tags. */
  tags?: readonly string[];
}

// The columns a change may set, by their own names: nothing from the input ever becomes SQL text.
const COLUMNS = [
  'name',
  'company_name',
  'email',
  'phone',
  'status',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'notes',
] as const;

// What customer.updated's previous_attributes may name: the record's fields a change reaches.
const CHANGEABLE = ['name', 'company_name', 'email', 'phone', 'address', 'tags', 'notes'] as const;

/**
 * Changes one customer of one business in one transaction: locks its row (concurrent changes of the
 * same customer take turns, so each event's previous values are the ones it replaced), refuses an
 * e-mail another customer of the business uses (CONFLICT), sets the given columns and tags, and
 * queues customer.updated and customer.status_changed as they apply. Answers the stored record as
 * get-customer shows it. A customer of another business is not found.
 */
export function updateCustomer(
  em: EntityManager,
  businessId: string,
  customerId: string,
  changes: CustomerChanges,
  now: Date,
) {
  return em.transactional(async (tx) => {
    const locked = await runQuery<{ id: string }>(tx, {
      sql: 'select id from customers where business_id = ? and id = ? for update',
      params: [businessId, customerId],
    });
    if (locked.length === 0) throw customerNotFound(customerId);
    if (changes.email) {
      const holder = await customerWithEmail(tx, businessId, changes.email);
      if (holder !== undefined && holder !== customerId) throw duplicateEmail(changes.email, holder);
    }
    const before = await loadCustomer(tx, businessId, customerId, now);
    const set = COLUMNS.filter((column) => changes[column] !== undefined);
    if (set.length > 0) {
      await runQuery(tx, {
        sql: `update customers set ${set.map((column) => `${column} = ?`).join(', ')}, updated_at = ?
               where business_id = ? and id = ?`,
        params: [...set.map((column) => changes[column]), now.toISOString(), businessId, customerId],
      });
    }
    if (changes.tags !== undefined) {
      await runQuery(tx, {
        sql: 'delete from customer_tags where business_id = ? and customer_id = ?',
        params: [businessId, customerId],
      });
      const tagIds = await tagIdsFor(tx, businessId, changes.tags, now);
      if (tagIds.length > 0) {
        await runQuery(tx, {
          sql: `insert into customer_tags (business_id, customer_id, tag_id)
                values ${tagIds.map(() => '(?, ?, ?)').join(', ')}`,
          params: tagIds.flatMap((tagId) => [businessId, customerId, tagId]),
        });
      }
    }
    const after = await loadCustomer(tx, businessId, customerId, now);
    recordChangeEvents(tx, {
      businessId,
      aggregateType: 'customer',
      aggregateId: customerId,
      before,
      after,
      fields: CHANGEABLE,
      updated: 'customer.updated',
      statusChanged: 'customer.status_changed',
      occurredAt: now,
    });
    await tx.flush();
    return after;
  });
}
