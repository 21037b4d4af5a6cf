import { router } from '../../trpc.ts';
import { countBusinesses } from './count-businesses.ts';
import { seedDemoWorkspace } from './seed-demo-workspace.ts';

/** System-only (scripts): the deterministic demo businesses. */
export const demoRouter = router({ seedDemoWorkspace, countBusinesses });
