import { router } from '../../../trpc.ts';
import { getOperationsSummary } from './get-operations-summary.ts';
import { getRevenueSummary } from './get-revenue-summary.ts';

export const reportsRouter = router({ getRevenueSummary, getOperationsSummary });
