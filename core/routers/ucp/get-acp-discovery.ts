import { cachePublicly } from '../../response-meta.ts';
import { acpDiscoveryDocument } from '../../services/ucp/acp.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZAcpDiscovery, ZGetAcpDiscoveryInput } from './get-acp-discovery.schema.ts';

/** The ACP document changes only with a deployment: an hour in caches (docs/public-api.md). */
const ACP_MAX_AGE_SECONDS = 3600;

/**
 * The Agentic Commerce Protocol discovery document, served only at {site_url}/.well-known/acp.json
 * (the well-known routes; no REST mapping): ACP 2026-04-17 over REST, the checkout service, USD.
 */
export const getAcpDiscovery = publicProcedure
  .input(ZGetAcpDiscoveryInput)
  .output(ZAcpDiscovery)
  .query(({ ctx }) => {
    cachePublicly(ctx, ACP_MAX_AGE_SECONDS);
    return acpDiscoveryDocument(ctx.urls);
  });
