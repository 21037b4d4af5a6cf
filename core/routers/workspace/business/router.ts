import { router } from '../../../trpc.ts';

export const businessRouter = router({});
