import type { SiteUrls } from '../../context.ts';
import { isRegisteredDomain, reversedHost } from '../../seller-config.ts';

/**
 * The x402 payment handler's UCP name: `{namespace}.x402`, in a namespace this service owns. No x402
 * handler is registered with UCP, and UCP names are not registered anyway: a name is bound to the
 * host serving its `schema` (UCP overview, Namespace Governance: the schema host reversed must equal
 * the name or prefix it on a label boundary). The schema is served here, so the namespace is
 * UCP_PAYMENT_HANDLER_NAMESPACE (checked at start against SITE_URL) or the site's host reversed. A
 * host UCP cannot bind (localhost, an IP address: development) gets `localhost`, which no platform
 * will mistake for a real authority.
 */
export function x402HandlerName(urls: Pick<SiteUrls, 'site'>, namespace: string | undefined): string {
  if (namespace !== undefined) return `${namespace}.x402`;
  const host = new URL(urls.site).hostname;
  return `${isRegisteredDomain(host) ? reversedHost(host) : 'localhost'}.x402`;
}
