import { router } from '../../trpc.ts';
import { checkpoint } from './checkpoint.ts';
import { getGauges } from './get-gauges.ts';
import { refreshStatistics } from './refresh-statistics.ts';

export const operationsRouter = router({
  checkpoint,
  getGauges,
  refreshStatistics,
});
