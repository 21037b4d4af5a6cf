import { router } from '../../trpc.ts';
import { getDiscoveryIndex } from './get-discovery-index.ts';
import { getVersioningPolicy } from './get-versioning-policy.ts';

/** Where an agent starts (the discovery index) and what the API promises over time (the versioning policy). */
export const discoveryRouter = router({
  getDiscoveryIndex,
  getVersioningPolicy,
});
