import { z } from 'zod';
import { runQuery } from '../../../services/sql/query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListReviewsInput, ZListReviewsOutput } from './list-reviews.schema.ts';

const ZReviewCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

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
  reviewed_key: string;
}

export const listReviews = tenantProcedure
  .meta({
    tool: {
      name: 'list-reviews',
      title: 'List reviews',
      access: 'read',
      description:
        'Customer reviews of the business (its own and from Google, Yelp, Facebook), newest first, with rating, comment, reviewer and, when known, the customer and job. ' +
        'Filter with rating_min (e.g. 1 to 2 for unhappy customers to follow up) and date_from.',
    },
  })
  .input(ZListReviewsInput)
  .output(ZListReviewsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZReviewCursor);
    const conditions = ['r.business_id = ?'];
    const params: unknown[] = [ctx.businessId];
    if (input.rating_min !== undefined) {
      conditions.push('r.rating >= ?');
      params.push(input.rating_min);
    }
    if (input.date_from !== undefined) {
      // The local day starts at midnight in the business's zone.
      conditions.push('r.reviewed_at >= (?::date)::timestamp at time zone b.time_zone');
      params.push(input.date_from);
    }
    if (after) {
      conditions.push('(r.reviewed_at, r.id) < (?::timestamptz, ?::uuid)');
      params.push(...after);
    }
    const rows = await runQuery<ReviewRow>(ctx.em, {
      sql: `select r.id, r.rating, r.comment, r.reviewer_name, r.source, c.id as customer_id, c.name as customer_name, r.job_id, r.reviewed_at,
              to_char(r.reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as reviewed_key
            from reviews r
            join businesses b on b.id = r.business_id
            left join customers c on c.business_id = r.business_id and c.id = r.customer_id
            where ${conditions.join(' and ')}
            order by r.reviewed_at desc, r.id desc
            limit ?`,
      params: [...params, input.limit + 1],
    });
    return toCursorPage(rows, input.limit, (row) => [row.reviewed_key, row.id], (row) => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      reviewer_name: row.reviewer_name,
      source: row.source,
      customer: row.customer_id && row.customer_name ? { id: row.customer_id, name: row.customer_name } : null,
      job_id: row.job_id,
      reviewed_at: new Date(row.reviewed_at).toISOString(),
    }));
  });
