import { router } from '../../trpc.ts';
import { exchangeToken } from './exchange-token.ts';
import { revokeToken } from './revoke-token.ts';

/** The authorization server's token and revocation endpoints (the OAuth adapter serves them as forms). */
export const oauthTokensRouter = router({ exchangeToken, revokeToken });
