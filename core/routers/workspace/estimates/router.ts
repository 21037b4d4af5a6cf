import { router } from '../../../trpc.ts';

export const estimatesRouter = router({});
