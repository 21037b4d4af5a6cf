import { router } from '../../../trpc.ts';

export const leadsRouter = router({});
