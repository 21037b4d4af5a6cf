import type { SiteUrls } from '../../context.ts';
import { ucpUrls } from './urls.ts';

/** The Agentic Commerce Protocol version announced. */
const ACP_VERSION = '2026-04-17' as const;

/**
 * The ACP discovery document ({site_url}/.well-known/acp.json): ACP 2026-04-17, REST, the checkout
 * service, US dollars. `api_base_url` is {base_url}/v1/agent, under which the checkout lives (the
 * UCP checkout sessions at /ucp/checkout, which hand payment to the x402 paid reference).
 */
export function acpDiscoveryDocument(urls: SiteUrls) {
  return {
    protocol: {
      name: 'acp' as const,
      version: ACP_VERSION,
      supported_versions: [ACP_VERSION],
      documentation_url: `${urls.base}/docs`,
    },
    api_base_url: ucpUrls(urls).acpApiBase,
    transports: ['rest' as const],
    capabilities: { services: ['checkout'], supported_currencies: ['usd'] },
  };
}
