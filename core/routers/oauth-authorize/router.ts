import { router } from '../../trpc.ts';
import { beginAuthorization } from './begin-authorization.ts';
import { decideAuthorization } from './decide-authorization.ts';
import { signIn } from './sign-in.ts';

/** The browser side of the authorization endpoint (the OAuth adapter renders the pages). */
export const oauthAuthorizeRouter = router({ beginAuthorization, signIn, decideAuthorization });
