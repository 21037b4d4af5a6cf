import { router } from '../../../trpc.ts';

export const propertiesRouter = router({});
