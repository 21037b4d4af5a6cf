import { router } from '../../../trpc.ts';
import { listReviews } from './list-reviews.ts';

export const reviewsRouter = router({ listReviews });
