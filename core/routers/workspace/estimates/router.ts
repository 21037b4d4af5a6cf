import { router } from '../../../trpc.ts';
import { getEstimate } from './get-estimate.ts';
import { listEstimates } from './list-estimates.ts';

export const estimatesRouter = router({ listEstimates, getEstimate });
