import { router } from '../../trpc.ts';
import { appendDemoWorkspaceRows } from './append-demo-workspace-rows.ts';
import { countBusinesses } from './count-businesses.ts';
import { countDemoWorkspaceRows } from './count-demo-workspace-rows.ts';
import { findDemoOwners } from './find-demo-owners.ts';
import { insertDemoWorkspace } from './insert-demo-workspace.ts';

/** System-only (scripts): the deterministic demo businesses (the scripts generate them). */
export const demoRouter = router({
  insertDemoWorkspace,
  countBusinesses,
  findDemoOwners,
  appendDemoWorkspaceRows,
  countDemoWorkspaceRows,
});
