import { router } from '../../../trpc.ts';

export const invoicesRouter = router({});
