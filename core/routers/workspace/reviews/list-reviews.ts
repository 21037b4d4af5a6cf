import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { findReviews, toReview } from '../../../services/workspace/reviews/review-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListReviewsInput, ZListReviewsOutput } from './list-reviews.schema.ts';

const ZReviewCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listReviews = tenantProcedure
  .meta({
    tool: {
      name: 'list-reviews',
      title: 'List reviews',
      access: 'read',
      description:
        'Customer reviews of the business (collected by it or imported from Google, Yelp, Facebook), newest first, each with its star rating, comment, ' +
        'reviewer name, source and, when known, the customer and the job it is about. Filter with rating_min (e.g. 4 for positive reviews) and ' +
        'date_from (a day in the business time zone). Follow a review up with get-customer or get-job.',
    },
  })
  .input(ZListReviewsInput)
  .output(ZListReviewsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZReviewCursor);
    const rows = await findReviews(ctx.em, ctx.businessId, (where) => {
      if (input.rating_min !== undefined) where.add('r.rating >= ?', input.rating_min);
      // The local day starts at midnight in the business time zone. PostgreSQL has no year 0 (the
      // cast would fail), and every review is after it anyway: such a date_from filters nothing.
      if (input.date_from !== undefined && input.date_from >= '0001-01-01') {
        where.add('r.reviewed_at >= (?::date)::timestamp at time zone b.time_zone', input.date_from);
      }
      if (after) where.add('(r.reviewed_at, r.id) < (?::timestamptz, ?::uuid)', ...after);
    }, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.reviewed_key, row.id], toReview);
  });
