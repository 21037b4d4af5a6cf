import { router } from '../../trpc.ts';
import { describePaidReference } from './describe-paid-reference.ts';
import { getAgentReference } from './get-agent-reference.ts';

export const agentRouter = router({
  describePaidReference,
  getAgentReference,
});
