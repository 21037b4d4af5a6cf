import { router } from '../../../trpc.ts';

export const customersRouter = router({});
