import { router } from '../../trpc.ts';

export const directoryRouter = router({});
