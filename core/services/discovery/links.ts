import type { SiteUrls } from '../../context.ts';
import { oauthUrls } from '../oauth/urls.ts';
import { ucpUrls } from '../ucp/urls.ts';
import { discoveryUrls } from './urls.ts';

/** How a link is called: no credential, an OAuth bearer token, or a payment (HTTP 402). */
type LinkAuthentication = 'none' | 'oauth2' | 'payment';

/** One entry of the discovery index's `links` (the output schema, ZDiscoveryLink, describes each field). */
export interface DiscoveryLink {
  id: string;
  href: string;
  method: 'GET' | 'POST';
  type: string;
  title: string;
  protocol: string;
  authentication: LinkAuthentication;
  available: boolean;
}

/** What an entry's URL is built from: the discovery URLs and the OAuth and UCP ones of this deployment. */
type Urls = ReturnType<typeof discoveryUrls> & { oauth: ReturnType<typeof oauthUrls>; ucp: ReturnType<typeof ucpUrls> };

/** What decides an entry's `available`: announced before it is served (false), or served once payments are configured. */
type Availability = false | 'when-payments-configured';

type Entry = Omit<DiscoveryLink, 'href' | 'available'> & { href: (urls: Urls) => string; available?: Availability };

/**
 * Every document and endpoint the index lists, in reading order, each with how its absolute URL is
 * built. A protocol that arrives later is one entry here; the paid reference is available exactly
 * when the deployment configures payments.
 */
const entries: ReadonlyArray<Entry> = [
  {
    id: 'self',
    href: (u) => u.index,
    method: 'GET',
    type: 'application/json',
    title: 'This discovery index',
    protocol: 'rest',
    authentication: 'none',
  },
  {
    id: 'a2a-agent-card',
    href: (u) => u.a2a,
    method: 'GET',
    type: 'application/json',
    title: 'A2A agent card (skills, interfaces, versions)',
    protocol: 'a2a',
    authentication: 'none',
  },
  {
    id: 'a2a-agent-card-well-known',
    href: (u) => u.agentCardWellKnown,
    method: 'GET',
    type: 'application/json',
    title: 'The same agent card at its A2A 1.0 well-known address',
    protocol: 'a2a',
    authentication: 'none',
  },
  {
    id: 'a2a-agent-card-legacy',
    href: (u) => u.agentCardLegacy,
    method: 'GET',
    type: 'application/json',
    title: 'The same agent card at its A2A 0.3 well-known address',
    protocol: 'a2a',
    authentication: 'none',
  },
  {
    id: 'a2a-endpoint',
    href: (u) => u.a2a,
    method: 'POST',
    type: 'application/json',
    title: 'A2A JSON-RPC endpoint (message/send, SendMessage, tasks/get, GetTask)',
    protocol: 'a2a',
    authentication: 'none',
  },
  {
    id: 'openapi',
    href: (u) => u.openapi,
    method: 'GET',
    type: 'application/json',
    title: 'OpenAPI 3.1 document of the public REST API',
    protocol: 'openapi',
    authentication: 'none',
  },
  {
    id: 'api-docs',
    href: (u) => u.docs,
    method: 'GET',
    type: 'text/html',
    title: 'API reference for people (rendered OpenAPI)',
    protocol: 'openapi',
    authentication: 'none',
  },
  {
    id: 'versioning-policy',
    href: (u) => u.versioningPolicy,
    method: 'GET',
    type: 'application/json',
    title: 'Versioning and deprecation policy',
    protocol: 'rest',
    authentication: 'none',
  },
  {
    id: 'health',
    href: (u) => u.health,
    method: 'GET',
    type: 'application/json',
    title: 'Service health and API version',
    protocol: 'rest',
    authentication: 'none',
  },
  {
    id: 'mcp-endpoint',
    href: (u) => u.oauth.resource,
    method: 'POST',
    type: 'application/json',
    title: "MCP server (Streamable HTTP) over the user's business, OAuth 2.0 protected",
    protocol: 'mcp',
    authentication: 'oauth2',
  },
  {
    id: 'oauth-protected-resource',
    href: (u) => u.oauth.protectedResourceMetadata,
    method: 'GET',
    type: 'application/json',
    title: 'OAuth protected resource metadata of the MCP server (RFC 9728)',
    protocol: 'oauth2',
    authentication: 'none',
  },
  {
    id: 'oauth-authorization-server',
    href: (u) => `${u.oauth.issuer}/.well-known/oauth-authorization-server`,
    method: 'GET',
    type: 'application/json',
    title: 'OAuth authorization server metadata (RFC 8414)',
    protocol: 'oauth2',
    authentication: 'none',
  },
  {
    id: 'oauth-jwks',
    href: (u) => u.oauth.jwksUri,
    method: 'GET',
    type: 'application/json',
    title: 'Keys that sign the access tokens (JWKS, RFC 7517)',
    protocol: 'oauth2',
    authentication: 'none',
  },
  {
    id: 'oauth-registration',
    href: (u) => u.oauth.registrationEndpoint,
    method: 'POST',
    type: 'application/json',
    title: 'OAuth dynamic client registration (RFC 7591)',
    protocol: 'oauth2',
    authentication: 'none',
  },
  {
    id: 'paid-reference-terms',
    href: (u) => u.paidReferenceTerms,
    method: 'GET',
    type: 'application/json',
    title: 'Terms of the paid reference: price, payment method, how to buy',
    protocol: 'rest',
    authentication: 'none',
  },
  {
    id: 'ucp-profile',
    href: (u) => u.ucp.profile,
    method: 'GET',
    type: 'application/json',
    title:
      "UCP business profile: the shopping service, the checkout capability, the x402 payment handler (named in this service's namespace)",
    protocol: 'ucp',
    authentication: 'none',
  },
  {
    id: 'ucp-profile-well-known',
    href: (u) => u.ucp.profileWellKnown,
    method: 'GET',
    type: 'application/json',
    title: 'The same UCP profile at its well-known address',
    protocol: 'ucp',
    authentication: 'none',
  },
  {
    id: 'ucp-checkout',
    href: (u) => u.ucp.checkout,
    method: 'POST',
    type: 'application/json',
    title:
      'UCP checkout sessions for the paid reference (Idempotency-Key): POST creates one; the ucp protocol entry lists ' +
      'get, update, complete and cancel; paid through their x402 handoff',
    protocol: 'ucp',
    authentication: 'none',
  },
  {
    id: 'ucp-x402-handler-schema',
    href: (u) => u.ucp.x402HandlerSchema,
    method: 'GET',
    type: 'application/json',
    title: "JSON Schema of the UCP x402 payment handler's config (the handler's `schema`, served here)",
    protocol: 'ucp',
    authentication: 'none',
  },
  {
    id: 'acp-discovery',
    href: (u) => u.ucp.acpWellKnown,
    method: 'GET',
    type: 'application/json',
    title:
      'Agentic Commerce Protocol discovery document: 404 ACP_NOT_SUPPORTED, ACP is not implemented (checkout is UCP)',
    protocol: 'acp',
    authentication: 'none',
    available: false,
  },
  {
    id: 'paid-reference',
    href: (u) => u.paidReference,
    method: 'GET',
    type: 'application/json',
    title: 'Paid reference (1 USD, HTTP 402 with x402); available once the deployment configures payments',
    protocol: 'x402',
    authentication: 'payment',
    available: 'when-payments-configured',
  },
];

/** What of the deployment decides the links besides their URLs. */
interface DeploymentFacts {
  /** Payments (wallet and facilitator) are configured: the paid reference is sold. */
  paymentsConfigured: boolean;
}

/** The index's links for this deployment, every URL absolute. */
export function discoveryLinks(urls: SiteUrls, facts: DeploymentFacts): DiscoveryLink[] {
  const built: Urls = { ...discoveryUrls(urls), oauth: oauthUrls(urls), ucp: ucpUrls(urls) };
  // id and href first: what a reader of the JSON looks for.
  return entries.map(({ id, href, available, ...entry }) => ({
    id,
    href: href(built),
    ...entry,
    available: available === 'when-payments-configured' ? facts.paymentsConfigured : (available ?? true),
  }));
}
