import { router } from '../../trpc.ts';
import { admitRequest } from './admit-request.ts';
import { admitStoringRequest } from './admit-storing-request.ts';
import { admitToolCall } from './admit-tool-call.ts';
import { describePaidReference } from './describe-paid-reference.ts';
import { getAgentReference } from './get-agent-reference.ts';

export const agentRouter = router({
  admitRequest,
  admitStoringRequest,
  admitToolCall,
  describePaidReference,
  getAgentReference,
});
