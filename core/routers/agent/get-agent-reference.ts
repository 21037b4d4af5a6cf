import { readAgentReference } from '../../services/reference/read-reference.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZAgentReference, ZGetAgentReferenceInput } from './get-agent-reference.schema.ts';

/**
 * The content the paid reference sells: the agent reference generated from the procedures of the
 * router the app serves (built once per process and site URL by the composition root, CoreServices.agentReference).
 * No openapi, tool or skill meta on purpose: no transport serves it for free; the purchase
 * (protocols.x402.purchasePaidReference) reads the same reference once a payment has settled.
 */
export const getAgentReference = publicProcedure
  .input(ZGetAgentReferenceInput)
  .output(ZAgentReference)
  .query(({ ctx }) => {
    const reference = readAgentReference(ctx);
    return {
      resource: reference.resource,
      content: reference.content,
      content_type: 'text/markdown' as const,
      revision: reference.revision,
      sections: [...reference.sections],
    };
  });
