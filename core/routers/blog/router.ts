import { router } from '../../trpc.ts';

export const blogRouter = router({});
