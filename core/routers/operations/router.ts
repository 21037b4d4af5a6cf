import { router } from '../../trpc.ts';
import { getGauges } from './get-gauges.ts';

export const operationsRouter = router({
  getGauges,
});
