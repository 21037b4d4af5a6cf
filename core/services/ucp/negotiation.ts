import type { Context } from '../../context.ts';
import { AppError, type ErrorCode } from '../../errors/index.ts';
import { intersectCapabilities } from './platform-profile.ts';
import { ucpProfile } from './profile.ts';
import { profileOfUcpAgent } from './ucp-agent.ts';

/** What a checkout answer's `ucp` says of the negotiation: the version used and the active capabilities. */
export interface NegotiatedUcp {
  version: string;
  capabilities: Record<string, { version: string }[]> & { 'dev.ucp.shopping.checkout': { version: string }[] };
}

const CHECKOUT_CAPABILITY = 'dev.ucp.shopping.checkout';

type NegotiationContext = Pick<Context, 'ucpAgent' | 'services' | 'urls' | 'log'>;

/**
 * A negotiation failure as UCP prescribes it (overview, Error Handling): its status and, beside the
 * ErrorMessage, UCP's own error shape: `content`, `ucp {version, status: "error"}` and one
 * unrecoverable error message with UCP's code (`invalid_profile_url`, `profile_unreachable`, ...).
 */
function negotiationError(code: ErrorCode, ucpCode: string, content: string, version: string): AppError {
  return new AppError(code, content, {
    body: {
      content,
      ucp: { version, status: 'error', ...(code === 'UCP_CAPABILITIES_INCOMPATIBLE' ? { capabilities: {} } : {}) },
      messages: [{ type: 'error', code: ucpCode, content, severity: 'unrecoverable' }],
    },
  });
}

/**
 * UCP's negotiation for one checkout request (overview, Negotiation Protocol, Business Requirements):
 * the platform profile named by the UCP-Agent header is fetched (cached, CoreServices.ucpPlatformProfiles)
 * and validated, its `ucp.version` must be this business's, and the capabilities are intersected;
 * the checkout capability must survive. Answers what the response's `ucp` carries. A request
 * without the header is refused (400 invalid_profile_url): UCP's REST binding requires it on every
 * checkout operation. `beforeFetch` runs only when the profile is not in memory: a fetch is an
 * outbound request made for the caller, so it spends the caller's budget.
 *
 * Does NOT cover: HTTP Message Signatures (the profile's keys are not used: requests are not signed
 * here), nor whether the caller is the platform it names (anyone may name any public profile; the
 * session id, not the profile, is what authorizes a session).
 */
export async function negotiateCheckout(
  ctx: NegotiationContext,
  options: { beforeFetch?: () => Promise<void> } = {},
): Promise<NegotiatedUcp> {
  const business = ucpProfile(ctx.urls, undefined).ucp;
  const source = ctx.services.ucpPlatformProfiles;
  const named = profileOfUcpAgent(ctx.ucpAgent, source?.allowHttpLoopback ?? false);
  if (named === undefined) {
    throw negotiationError(
      'UCP_PROFILE_URL_INVALID',
      'invalid_profile_url',
      'This operation needs a UCP-Agent header naming your platform profile: profile="https://...".',
      business.version,
    );
  }
  if ('problem' in named)
    throw negotiationError('UCP_PROFILE_URL_INVALID', 'invalid_profile_url', named.problem, business.version);
  if (!source) {
    throw negotiationError(
      'UCP_PROFILE_UNREACHABLE',
      'profile_unreachable',
      'Platform profiles cannot be fetched by this deployment.',
      business.version,
    );
  }
  if (!source.isCached(named.url)) await options.beforeFetch?.();
  const lookup = await source.lookup(named.url);
  if (lookup.kind !== 'valid') {
    if (lookup.kind !== 'malformed') ctx.log.info({ detail: lookup.detail }, 'a UCP platform profile was not fetched');
    const [code, ucpCode]: [ErrorCode, string] =
      lookup.kind === 'refused'
        ? ['UCP_PROFILE_URL_INVALID', 'invalid_profile_url']
        : lookup.kind === 'unreachable'
          ? ['UCP_PROFILE_UNREACHABLE', 'profile_unreachable']
          : ['UCP_PROFILE_MALFORMED', 'profile_malformed'];
    throw negotiationError(code, ucpCode, `The platform profile ${named.url} ${lookup.problem}.`, business.version);
  }
  const { profile } = lookup;
  if (profile.version !== business.version) {
    throw negotiationError(
      'UCP_VERSION_UNSUPPORTED',
      'version_unsupported',
      `Protocol version ${profile.version.slice(0, 10)} is not supported. This business supports version ${business.version}.`,
      business.version,
    );
  }
  const capabilities = intersectCapabilities(business.capabilities, profile.capabilities);
  const checkout = capabilities[CHECKOUT_CAPABILITY];
  if (!checkout) {
    throw negotiationError(
      'UCP_CAPABILITIES_INCOMPATIBLE',
      'capabilities_incompatible',
      `No compatible capabilities in the intersection: the platform profile does not list ${CHECKOUT_CAPABILITY} at version ${business.version}.`,
      business.version,
    );
  }
  return { version: business.version, capabilities: { ...capabilities, [CHECKOUT_CAPABILITY]: checkout } };
}
