import { cachePublicly } from '../../response-meta.ts';
import { versioningPolicy } from '../../services/discovery/versioning-policy.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetVersioningPolicyInput, ZGetVersioningPolicyOutput } from './get-versioning-policy.schema.ts';

/** The REST versioning and deprecation policy (spec 9.4), the document deprecation headers link to. */
export const getVersioningPolicy = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'versioning-policy',
      path: '/v1/versioning-policy',
      tags: ['Agent'],
      summary: 'Versioning and deprecation policy',
      description:
        'What /v1 promises (no field removed, renamed or retyped, no new required input), what may change without ' +
        'notice (new endpoints, fields, enumeration values), how long a deprecated field or endpoint keeps working, ' +
        'how a deprecation is announced (the Deprecation header of RFC 9745, the Sunset header of RFC 8594, a Link ' +
        'with rel="deprecation" to this document, the OpenAPI `deprecated` flag, the changelog), and how the health ' +
        'version, the MCP tool catalogue revision and the A2A agent card version change. Cached publicly for 5 minutes.',
      successDescription: 'The policy.',
    },
  })
  .input(ZGetVersioningPolicyInput)
  .output(ZGetVersioningPolicyOutput)
  .query(({ ctx }) => {
    cachePublicly(ctx, 300);
    return versioningPolicy(ctx.urls);
  });
