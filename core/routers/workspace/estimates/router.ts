import { router } from '../../../trpc.ts';
import { approveEstimate } from './approve-estimate.ts';
import { declineEstimate } from './decline-estimate.ts';
import { getEstimate } from './get-estimate.ts';
import { listEstimates } from './list-estimates.ts';
import { sendEstimate } from './send-estimate.ts';

export const estimatesRouter = router({ listEstimates, getEstimate, sendEstimate, approveEstimate, declineEstimate });
