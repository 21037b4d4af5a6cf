import { router } from '../../../trpc.ts';

export const jobsRouter = router({});
