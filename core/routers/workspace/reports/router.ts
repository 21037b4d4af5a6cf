import { router } from '../../../trpc.ts';

export const reportsRouter = router({});
