import { router } from '../../trpc.ts';
import { registerClient } from './register-client.ts';

/** OAuth clients of the authorization server: dynamic registration (the OAuth adapter serves it). */
export const oauthClientsRouter = router({ registerClient });
