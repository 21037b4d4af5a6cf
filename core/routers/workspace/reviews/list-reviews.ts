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
      toolset: 'business',
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
    const rows = await findReviews(ctx.em, ctx.businessId, {
      ratingMin: input.rating_min,
      dateFrom: input.date_from,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.reviewed_key, row.id], toReview);
  });
