import { router } from '../../../trpc.ts';

export const priceBookRouter = router({});
