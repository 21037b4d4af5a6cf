import { acpNotSupported } from '../../services/ucp/acp.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZAcpDiscovery, ZGetAcpDiscoveryInput } from './get-acp-discovery.schema.ts';

/**
 * {site_url}/.well-known/acp.json (the well-known routes; no REST mapping): always 404
 * ACP_NOT_SUPPORTED, ACP's discovery answer for a seller that does not implement it
 * (core/services/ucp/acp.ts says why), naming the UCP profile instead.
 */
export const getAcpDiscovery = publicProcedure
  .input(ZGetAcpDiscoveryInput)
  .output(ZAcpDiscovery)
  .query(({ ctx }) => {
    throw acpNotSupported(ctx.urls);
  });
