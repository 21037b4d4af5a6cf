import { agentStoringProcedure } from '../../trpc.ts';
import { ZAdmitStoringRequestInput, ZAdmitStoringRequestOutput } from './admit-storing-request.schema.ts';

/**
 * Admits an agent request that will make the database keep a row, before any of its work: the
 * client's budget (429 RATE_LIMITED), then the storage bound per client network (429) and across
 * the service (503 STORAGE_LIMIT_REACHED), each with Retry-After. The REST adapter calls it before
 * a UCP checkout creation claims its key (`rest.admission`), so a replay is counted too and carries
 * the current RateLimit headers. The procedure that then runs on the same context is not counted
 * again (Context.admitted). Reached only through the invoker.
 */
export const admitStoringRequest = agentStoringProcedure
  .input(ZAdmitStoringRequestInput)
  .output(ZAdmitStoringRequestOutput)
  .mutation(() => ({}));
