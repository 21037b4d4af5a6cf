import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';

interface ReviewRow {
  id: string;
  rating: number;
  comment: string | null;
  reviewer_name: string;
  source: 'internal' | 'google' | 'yelp' | 'facebook' | 'other';
  customer_id: string | null;
  customer_name: string | null;
  job_id: string | null;
  reviewed_at: Date;
  /** reviewed_at to the microsecond, the keyset cursor's first part. */
  reviewed_key: string;
}

export interface ReviewFilter {
  ratingMin?: number;
  /** Reviewed on or after this local day (YYYY-MM-DD, business time zone). */
  dateFrom?: string;
  /** The (reviewed_at key, id) of the previous page's last review; the order is newest first. */
  after?: readonly [string, string];
  limit: number;
}

/**
 * Reviews of one business with their customer when matched to one, newest first (reviewed_at desc,
 * id desc: reviews_reviewed_idx).
 */
export function findReviews(em: SqlSource, businessId: string, filter: ReviewFilter): Promise<ReviewRow[]> {
  const where = new Where('r.business_id = ?', businessId);
  if (filter.ratingMin !== undefined) where.add('r.rating >= ?', filter.ratingMin);
  // The local day starts at midnight in the business time zone. PostgreSQL has no year 0 (the
  // cast would fail), and every review is after it anyway: such a date_from filters nothing.
  if (filter.dateFrom !== undefined && filter.dateFrom >= '0001-01-01') {
    where.add('r.reviewed_at >= (?::date)::timestamp at time zone b.time_zone', filter.dateFrom);
  }
  if (filter.after) where.add('(r.reviewed_at, r.id) < (?::timestamptz, ?::uuid)', ...filter.after);
  return runQuery<ReviewRow>(em, {
    sql: `select r.id, r.rating, r.comment, r.reviewer_name, r.source, c.id as customer_id, c.name as customer_name, r.job_id, r.reviewed_at,
            ${instantKeySql('r.reviewed_at')} as reviewed_key
          from reviews r
          join businesses b on b.id = r.business_id
          left join customers c on c.business_id = r.business_id and c.id = r.customer_id
          where ${where}
          order by r.reviewed_at desc, r.id desc
          limit ?`,
    params: [...where.params, filter.limit],
  });
}

export function toReview(row: ReviewRow) {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    reviewer_name: row.reviewer_name,
    source: row.source,
    customer:
      row.customer_id !== null && row.customer_name !== null ? { id: row.customer_id, name: row.customer_name } : null,
    job_id: row.job_id,
    reviewed_at: new Date(row.reviewed_at).toISOString(),
  };
}
