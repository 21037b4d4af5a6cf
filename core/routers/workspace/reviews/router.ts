import { router } from '../../../trpc.ts';

export const reviewsRouter = router({});
