import { z } from 'zod';

/**
 * A reverse-DNS namespace: two to ten lowercase labels of letters, digits and inner hyphens, dot
 * separated (`com.example`). Checked label by label in code, so no regex rescans a long value.
 */
const reverseDns = z
  .string()
  .max(253, { message: 'expected at most 253 characters' })
  .refine(
    (value) => {
      const labels = value.split('.');
      return (
        labels.length >= 2 &&
        labels.length <= 10 &&
        labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))
      );
    },
    { message: 'expected a reverse-DNS name such as com.example (two or more lowercase labels)' },
  );

/** The seller variables of the environment (core/config.ts spreads them into its schema). */
export const sellerEnvironment = {
  SELLER_EVENTS_BUSINESS_ID: z
    .uuid({ message: 'expected the uuid of a business (workspace) of this service' })
    .optional()
    .describe(
      "The operator's business (workspace) that receives the seller events `payment.settled`, `payment.failed` and `checkout.completed` on its webhook endpoints. It must exist: the service refuses to start otherwise. Unset: no seller events are recorded.",
    ),
  UCP_PAYMENT_HANDLER_NAMESPACE: reverseDns
    .optional()
    .describe(
      "The reverse-DNS namespace the UCP profile names its x402 payment handler in (`{namespace}.x402`). Unset: the `SITE_URL` host reversed (`api.example.com` -> `com.example.api`). UCP binds a handler's name to the host serving its schema (this service), so on a real domain the value must be that reversed host or extend it; on `localhost` or an IP address (development) any value is accepted.",
    ),
};

type SellerEnvironment = z.infer<z.ZodObject<typeof sellerEnvironment>>;

/** Who the seller is, as far as its events and its UCP payment handler need to say it. */
export interface SellerConfig {
  /** The business that receives seller events; undefined: none are recorded. */
  eventsBusinessId: string | undefined;
  /** UCP_PAYMENT_HANDLER_NAMESPACE; undefined: derived from the site's host on each request. */
  handlerNamespace: string | undefined;
}

/** A host UCP accepts as a namespace authority: a domain name of two or more labels, not an IP literal. */
export function isRegisteredDomain(hostname: string): boolean {
  if (hostname.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname)) return false;
  return hostname.split('.').filter((label) => label.length > 0).length >= 2;
}

/** `api.example.com` -> `com.example.api` (lowercase, without a trailing dot). */
export function reversedHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '').split('.').reverse().join('.');
}

/**
 * The seller configuration, or the problems that stop the start: an override namespace must be the
 * site's reversed host or extend it on a label boundary, or a platform rejects the handler (UCP
 * overview, Namespace Governance: authority binding).
 */
export function resolveSellerConfig(
  values: SellerEnvironment,
  siteUrl: string,
): { config: SellerConfig } | { problems: string[] } {
  const namespace = values.UCP_PAYMENT_HANDLER_NAMESPACE;
  const host = new URL(siteUrl).hostname;
  if (namespace !== undefined && isRegisteredDomain(host)) {
    const authority = reversedHost(host);
    if (namespace !== authority && !namespace.startsWith(`${authority}.`)) {
      return {
        problems: [
          `UCP_PAYMENT_HANDLER_NAMESPACE: expected ${authority} or a name under it (${authority}.something): the handler's schema is served from ${host}, and UCP accepts a handler name only under the reversed host that serves its schema`,
        ],
      };
    }
  }
  return { config: { eventsBusinessId: values.SELLER_EVENTS_BUSINESS_ID, handlerNamespace: namespace } };
}
