import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZDateTime } from '../shared/cursor-page.schema.ts';

export const ZListReviewsInput = z.object({
  rating_min: z.number().int().min(1).max(5).optional().describe('Only reviews rated at least this (1-5).'),
  date_from: ZDate.optional().describe('Only reviews from this local day (business time zone) on, YYYY-MM-DD.'),
  ...ZCursorPageInput,
});

export const ZListReviewsOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    reviewer_name: z.string(),
    source: z.enum(['internal', 'google', 'yelp', 'facebook', 'other']),
    customer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    job_id: z.uuid().nullable(),
    reviewed_at: ZDateTime,
  }),
);
