import type { SiteUrls } from '../../context.ts';

/**
 * The absolute URLs of what an agent discovers, from {site_url} and {base_url}: the discovery index
 * links them, the versioning policy and the deprecation headers name the policy's. The OAuth ones
 * are oauthUrls() (core/services/oauth/urls.ts).
 */
export function discoveryUrls({ site, base }: SiteUrls) {
  return {
    index: `${base}/v1/agent`,
    versioningPolicy: `${base}/v1/versioning-policy`,
    openapi: `${base}/openapi.json`,
    docs: `${base}/docs`,
    health: `${base}/health`,
    /** The A2A agent card and, by POST, the A2A JSON-RPC endpoint (one path). */
    a2a: `${base}/v1/agent/a2a`,
    /** The agent card where A2A 1.0 clients look first (RFC 8615 well-known). */
    agentCardWellKnown: `${site}/.well-known/agent-card.json`,
    /** The agent card where A2A 0.3 clients look. */
    agentCardLegacy: `${site}/.well-known/agent.json`,
    paidReference: `${base}/v1/agent/paid-reference`,
    paidReferenceTerms: `${base}/v1/agent/paid-reference/terms`,
  };
}
