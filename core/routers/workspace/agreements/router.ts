import { router } from '../../../trpc.ts';

export const agreementsRouter = router({});
