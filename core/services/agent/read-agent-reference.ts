import type { Context } from '../../context.ts';
import { AppError } from '../../errors/index.ts';
import { discoveryUrls } from '../discovery/urls.ts';
import type { AgentReference } from '../../procedures/reference/types.ts';

/**
 * The agent reference the paid reference sells, in the request's site URLs, with the URL it is sold
 * at: built once per process and site URL from the procedures the app serves (CoreServices.agentReference).
 */
export function readAgentReference(ctx: Pick<Context, 'services' | 'urls'>): AgentReference & { resource: string } {
  const source = ctx.services.agentReference;
  if (!source) {
    throw new AppError(
      'INTERNAL_ERROR',
      'The agent reference is not composed in this process: it is built by the composition root (composeApp).',
    );
  }
  return { ...source(ctx.urls), resource: discoveryUrls(ctx.urls).paidReference };
}
