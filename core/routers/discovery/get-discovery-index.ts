import { cachePublicly } from '../../response-meta.ts';
import { HOW_TO_START, SERVICE_DESCRIPTION, SERVICE_NAME } from '../../services/discovery/introduction.ts';
import { discoveryLinks } from '../../services/discovery/links.ts';
import { spokenProtocols } from '../../services/discovery/protocols.ts';
import { publicProcedure } from '../../trpc.ts';
import { API_VERSION } from '../../version.ts';
import { ZGetDiscoveryIndexInput, ZGetDiscoveryIndexOutput } from './get-discovery-index.schema.ts';

/**
 * Where an agent that knows only the site's address starts: what the service is, every document
 * and endpoint with its absolute URL, and the protocol versions spoken. The same for every caller
 * and every request of one deployment, so caches may keep it briefly.
 */
export const getDiscoveryIndex = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'agent-discovery',
      path: '/v1/agent',
      tags: ['Agent'],
      summary: 'Agent discovery index',
      description:
        'Where an agent starts: a short description of the service, the ways in (A2A, REST with OpenAPI, MCP with ' +
        'OAuth 2.0), absolute links to the A2A agent card and endpoint, the OpenAPI document, the MCP server and its ' +
        'OAuth metadata, JWKS and registration endpoint, the paid reference and its terms, the versioning policy and ' +
        'health, the UCP profile and checkout, and the protocols spoken with their versions (x402 with its extensions, ' +
        'the UCP checkout operations). Links and protocols not served say `available: false` (ACP: not implemented). ' +
        'Cached publicly for 5 minutes.',
      successDescription: 'The discovery index.',
    },
  })
  .input(ZGetDiscoveryIndexInput)
  .output(ZGetDiscoveryIndexOutput)
  .query(({ ctx }) => {
    cachePublicly(ctx, 300);
    return {
      name: SERVICE_NAME,
      description: SERVICE_DESCRIPTION,
      api_version: API_VERSION,
      how_to_start: [...HOW_TO_START],
      links: discoveryLinks(ctx.urls, { paymentsConfigured: ctx.services.payments.configured }),
      protocols: spokenProtocols({ paymentsConfigured: ctx.services.payments.configured }),
    };
  });
