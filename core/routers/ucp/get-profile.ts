import { cachePublicly } from '../../response-meta.ts';
import { ucpPaymentConfig } from '../../services/ucp/payment-config.ts';
import { ucpProfile } from '../../services/ucp/profile.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZGetProfileInput, ZUcpProfile } from './get-profile.schema.ts';

/** Short, so that the payment handler appears or goes soon after a configuration change. */
const PROFILE_MAX_AGE_SECONDS = 300;

/**
 * The UCP business profile, also served at {site_url}/.well-known/ucp (the same document): UCP
 * 2026-08-25, the shopping service over REST at {base_url}/v1/agent/ucp, the checkout capability,
 * and the x402 payment handler while payments are configured.
 */
export const getProfile = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'agent-ucpProfile',
      path: '/v1/agent/ucp',
      tags: ['Agent'],
      summary: 'UCP business profile',
      description:
        'The Universal Commerce Protocol profile (UCP 2026-08-25), the same document as {site_url}/.well-known/ucp: ' +
        'the dev.ucp.shopping service over REST with its endpoint (this URL; checkout sessions are created with POST ' +
        '/v1/agent/ucp/checkout), the dev.ucp.shopping.checkout capability, and under `payment_handlers` the ' +
        "`{namespace}.x402` handler (this service's own namespace: its host reversed; x402 has no UCP-registered " +
        'handler) whose `config` holds the x402 terms of the paid reference and whose `schema` is served here ' +
        '(/v1/agent/ucp/payment-handlers/x402); `{}` while payments are ' +
        'not configured. The one item sold is `agent-reference`, 100 minor units of USD. Cached publicly for 5 minutes.',
      successDescription: 'The UCP profile.',
    },
  })
  .input(ZGetProfileInput)
  .output(ZUcpProfile)
  .query(({ ctx }) => {
    cachePublicly(ctx, PROFILE_MAX_AGE_SECONDS);
    return ucpProfile(ctx.urls, ucpPaymentConfig(ctx));
  });
