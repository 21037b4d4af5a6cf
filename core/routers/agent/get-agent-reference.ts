import { AppError } from '../../errors/index.ts';
import { discoveryUrls } from '../../services/discovery/urls.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZAgentReference, ZGetAgentReferenceInput } from './get-agent-reference.schema.ts';

/**
 * The content the paid reference sells: the agent reference generated from the procedures of the
 * router the app serves (built once per process and site URL by the composition root, CoreServices.agentReference).
 * No openapi, tool or skill meta on purpose: no transport serves it for free; the paid-reference
 * adapter calls it through the invoker once a payment has settled.
 */
export const getAgentReference = publicProcedure
  .input(ZGetAgentReferenceInput)
  .output(ZAgentReference)
  .query(({ ctx }) => {
    const source = ctx.services.agentReference;
    if (!source) {
      throw new AppError(
        'INTERNAL_ERROR',
        'The agent reference is not composed in this process: it is built by the composition root (composeApp).',
      );
    }
    const reference = source(ctx.urls);
    return {
      resource: discoveryUrls(ctx.urls).paidReference,
      content: reference.content,
      content_type: 'text/markdown' as const,
      revision: reference.revision,
      sections: [...reference.sections],
    };
  });
