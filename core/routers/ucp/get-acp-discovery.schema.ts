import { z } from 'zod';

/** No arguments. */
export const ZGetAcpDiscoveryInput = z.void();

/** Nothing: the document is never served (404 ACP_NOT_SUPPORTED; core/services/ucp/acp.ts). */
export const ZAcpDiscovery = z.never();
