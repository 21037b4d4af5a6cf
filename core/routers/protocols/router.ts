import { router } from '../../trpc.ts';
import { a2aRouter } from '../agent-tasks/router.ts';
import { oauthAuthorizeRouter } from '../oauth-authorize/router.ts';
import { oauthClientsRouter } from '../oauth-clients/router.ts';
import { oauthGrantsRouter } from '../oauth-grants/router.ts';
import { oauthTokensRouter } from '../oauth-tokens/router.ts';
import { oauthMetadataRouter } from '../oauth/router.ts';
import { x402Router } from '../payments/router.ts';
import { ucpRouter } from '../ucp/router.ts';

/** The OAuth authorization server: its documents, clients, browser authorization, tokens and grants. */
const oauthRouter = router({
  metadata: oauthMetadataRouter,
  clients: oauthClientsRouter,
  authorization: oauthAuthorizeRouter,
  tokens: oauthTokensRouter,
  grants: oauthGrantsRouter,
});

/**
 * The procedures that exist for one agent protocol, named by it: their adapters (adapters/oauth,
 * adapters/a2a, adapters/x402, the well-known documents and REST) speak that protocol's wire format.
 */
export const protocolsRouter = router({
  oauth: oauthRouter,
  a2a: a2aRouter,
  x402: x402Router,
  ucp: ucpRouter,
});
