import { z } from 'zod';
import { reviewSources } from '../../../../orm/entities/field-service/review.ts';
import { ZCursorPage, ZCursorPageInput, ZDate, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZListReviewsInput = z.object({
  rating_min: z
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .describe('Only reviews rated at least this many stars (1 to 5); e.g. 4 for happy customers.'),
  date_from: ZDate.optional().describe(
    'Only reviews given on or after this day (YYYY-MM-DD) in the business time zone.',
  ),
  ...ZCursorPageInput,
});

const ZReview = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5).describe('Stars, 1 (worst) to 5 (best).'),
  comment: z.string().nullable().describe("The reviewer's text; null for a rating without text."),
  reviewer_name: z.string().describe('The name the reviewer gave (on a review site, their public name).'),
  source: z
    .enum(reviewSources)
    .describe('Where it was left: internal (collected by the business itself), google, yelp, facebook or other.'),
  customer: z
    .object({ id: z.uuid(), name: z.string() })
    .nullable()
    .describe('The customer it is from (see get-customer); null when not matched to one, e.g. many imported reviews.'),
  job_id: z.uuid().nullable().describe('The job it is about (see get-job); null when unknown.'),
  reviewed_at: ZDateTime.describe('When the review was given.'),
});

export const ZListReviewsOutput = ZCursorPage(ZReview);
