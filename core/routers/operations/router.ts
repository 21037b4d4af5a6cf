import { router } from '../../trpc.ts';
import { getGauges } from './get-gauges.ts';
import { refreshStatistics } from './refresh-statistics.ts';

export const operationsRouter = router({
  getGauges,
  refreshStatistics,
});
