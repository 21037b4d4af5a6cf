import { z } from 'zod';

export const ZGetDiscoveryIndexInput = z.void();

const ZDiscoveryLink = z
  .object({
    id: z
      .string()
      .describe(
        'Stable identifier of the link: self, a2a-agent-card, a2a-agent-card-well-known, a2a-agent-card-legacy, ' +
          'a2a-endpoint, openapi, api-docs, versioning-policy, health, mcp-endpoint, oauth-protected-resource, ' +
          'oauth-authorization-server, oauth-jwks, oauth-registration, paid-reference-terms, paid-reference. ' +
          'New identifiers may be added (UCP and ACP documents, for example); ignore the ones you do not know.',
      ),
    href: z.url().describe('Absolute URL.'),
    method: z
      .enum(['GET', 'POST'])
      .describe('The HTTP method to use: GET to read a document, POST for an RPC endpoint.'),
    type: z.string().describe('Media type of the answer (application/json, text/html).'),
    title: z.string().describe('What is there, in a few words.'),
    protocol: z.string().describe('The `id` of the entry of `protocols` this link belongs to.'),
    authentication: z
      .enum(['none', 'oauth2', 'payment'])
      .describe(
        "What calling it needs: nothing; an OAuth 2.0 bearer token (discover it from the MCP server's 401 or the oauth-* links); a payment (HTTP 402).",
      ),
    available: z
      .boolean()
      .describe(
        'False for a link that answers 404: announced before it is served, or (acp-discovery) the document of a ' +
          'protocol not implemented here; true otherwise.',
      ),
  })
  .meta({ id: 'DiscoveryLink' });

const ZDiscoveryProtocol = z
  .object({
    id: z.string().describe('a2a, mcp, oauth2, openapi, rest, ucp, acp, x402; more may be added.'),
    name: z.string(),
    versions: z.array(z.string()).describe('The versions this service speaks, preferred first (none: not spoken).'),
    specification: z.url().describe('Where the protocol is specified.'),
    available: z
      .boolean()
      .describe('False for a protocol not served: announced before it is, or (acp) not implemented here.'),
    extensions: z
      .array(z.object({ id: z.string(), specification: z.url() }))
      .optional()
      .describe("x402: the extensions the paid reference's 402 declares (bazaar, payment-identifier, sign-in-with-x)."),
    operations: z
      .array(z.string())
      .optional()
      .describe('ucp: the checkout operations served, each with its method and path under the profile endpoint.'),
  })
  .meta({ id: 'DiscoveryProtocol' });

export const ZGetDiscoveryIndexOutput = z
  .object({
    name: z.string(),
    description: z.string().describe('What the service is, for an agent to read.'),
    api_version: z.string().describe('The API version (semantic version), as GET /health reports it.'),
    how_to_start: z.array(z.string()).describe('Ways in, one sentence each, naming the links (by `id`) to follow.'),
    links: z.array(ZDiscoveryLink).describe('Every document and endpoint, with absolute URLs.'),
    protocols: z.array(ZDiscoveryProtocol).describe('The protocols spoken, with their versions.'),
  })
  .meta({ id: 'DiscoveryIndex' });
