import { router } from '../../trpc.ts';
import { describePaidReference } from './describe-paid-reference.ts';

export const agentRouter = router({
  describePaidReference,
});
