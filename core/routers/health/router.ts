import { router } from '../../trpc.ts';
import { getHealth } from './get-health.ts';

export const healthRouter = router({
  getHealth,
});
