import { router } from '../../../trpc.ts';

export const teamRouter = router({});
