import { router } from '../../trpc.ts';
import { countBusinesses } from './count-businesses.ts';
import { findDemoOwners } from './find-demo-owners.ts';
import { insertDemoWorkspace } from './insert-demo-workspace.ts';

/** System-only (scripts): the deterministic demo businesses (the scripts generate them). */
export const demoRouter = router({ insertDemoWorkspace, countBusinesses, findDemoOwners });
