import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { instantKeySql } from '../scheduling/instant-key.ts';
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

/**
 * Reviews of one business with their customer when matched to one, newest first (reviewed_at desc,
 * id desc: reviews_reviewed_idx); `build` adds conditions on `r` and `b` (the business).
 */
export function findReviews(em: EntityManager, businessId: string, build: (where: Where) => void, limit: number): Promise<ReviewRow[]> {
  const where = new Where('r.business_id = ?', businessId);
  build(where);
  return runQuery<ReviewRow>(em, {
    sql: `select r.id, r.rating, r.comment, r.reviewer_name, r.source, c.id as customer_id, c.name as customer_name, r.job_id, r.reviewed_at,
            ${instantKeySql('r.reviewed_at')} as reviewed_key
          from reviews r
          join businesses b on b.id = r.business_id
          left join customers c on c.business_id = r.business_id and c.id = r.customer_id
          where ${where}
          order by r.reviewed_at desc, r.id desc
          limit ?`,
    params: [...where.params, limit],
  });
}

export function toReview(row: ReviewRow) {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    reviewer_name: row.reviewer_name,
    source: row.source,
    customer: row.customer_id !== null && row.customer_name !== null ? { id: row.customer_id, name: row.customer_name } : null,
    job_id: row.job_id,
    reviewed_at: new Date(row.reviewed_at).toISOString(),
  };
}
