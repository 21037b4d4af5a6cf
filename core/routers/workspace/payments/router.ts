import { router } from '../../../trpc.ts';

export const paymentsRouter = router({});
