import type { SiteUrls } from '../../context.ts';
import { discoveryUrls } from '../discovery/urls.ts';

/**
 * The absolute URLs of the UCP and ACP surface, from {site_url} and {base_url}: the profile (at
 * {base_url} and at its RFC 8615 well-known address), the shopping service's REST endpoint, the
 * checkout sessions, the x402 handler's schema, the ACP address, and the paid reference a session hands payment to.
 */
export function ucpUrls(urls: SiteUrls) {
  const { paidReference, paidReferenceTerms } = discoveryUrls(urls);
  const endpoint = `${urls.base}/v1/agent/ucp`;
  return {
    /** The profile, and the REST endpoint of the dev.ucp.shopping service (the same URL). */
    profile: endpoint,
    profileWellKnown: `${urls.site}/.well-known/ucp`,
    checkout: `${endpoint}/checkout`,
    acpWellKnown: `${urls.site}/.well-known/acp.json`,
    /** The x402 payment handler's `schema` (its JSON Schema), on this host so the handler's name binds to it. */
    x402HandlerSchema: `${endpoint}/payment-handlers/x402`,
    paidReference,
    paidReferenceTerms,
    /** The session's payment handoff: the paid reference, tied to the session. */
    handoff: (sessionId: string) => `${paidReference}?checkout_session=${encodeURIComponent(sessionId)}`,
    session: (sessionId: string) => `${endpoint}/checkout/${encodeURIComponent(sessionId)}`,
  };
}
