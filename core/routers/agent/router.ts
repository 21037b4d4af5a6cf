import { router } from '../../trpc.ts';
import { admitRequest } from './admit-request.ts';
import { admitStoringRequest } from './admit-storing-request.ts';
import { describePaidReference } from './describe-paid-reference.ts';
import { getAgentReference } from './get-agent-reference.ts';
import { interpretMessage } from './interpret-message.ts';

export const agentRouter = router({
  admitRequest,
  admitStoringRequest,
  describePaidReference,
  getAgentReference,
  interpretMessage,
});
