import { router } from '../../trpc.ts';

export const governmentRouter = router({});
