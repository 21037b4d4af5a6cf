import { z } from 'zod';

/**
 * The UCP-Agent request header as every checkout operation documents it: required, as UCP's REST
 * binding declares it on each (rest.openapi.json, parameter ucp_agent).
 */
export const ucpAgentRequestHeaders = z.object({
  'UCP-Agent': z.string().meta({
    description:
      'The platform profile, `profile="<https uri>"` (RFC 8941 dictionary): fetched, validated and negotiated. Required.',
    example: 'profile="<your platform profile URL>"',
  }),
});

/** The OpenAPI error descriptions every checkout operation shares: UCP negotiation of the UCP-Agent profile. */
export const negotiationErrorResponses = {
  400: 'A missing UCP-Agent header, or one that is not an RFC 8941 dictionary with an https `profile` (UCP_PROFILE_URL_INVALID); or a body member this operation does not take (VALIDATION_FAILED, naming it); or an invalid Idempotency-Key.',
  422: 'The platform profile is not valid JSON or not a UCP platform profile (UCP_PROFILE_MALFORMED), or speaks another UCP version (UCP_VERSION_UNSUPPORTED).',
  424: 'The platform profile could not be fetched: unreachable, not 200, a redirect, too slow (UCP_PROFILE_UNREACHABLE).',
  503: 'The Idempotency-Key could not be checked (IDEMPOTENCY_STORE_UNAVAILABLE, with Retry-After), or the storage bound is reached (STORAGE_LIMIT_REACHED).',
} as const;
