import type { AdminCommand } from './command.ts';

export const rotateOAuthKeyCommand: AdminCommand = {
  name: 'rotate-oauth-key',
  summary: 'Make a new OAuth signing key the one that signs; the previous one stays published until its tokens expire.',
  help: `

  Access tokens signed before the rotation keep verifying: the retired key stays in the JWKS for one
  access-token lifetime (OAUTH_ACCESS_TOKEN_TTL_SECONDS) plus 5 minutes. Needs the key-encryption key
  the service uses (OAUTH_KEY_ENCRYPTION_KEY, or the key file in DATA_DIR).`,
  options: {},
  async prepare() {
    return async (caller) => {
      const result = await caller.infrastructure.signingKeys.rotate({});
      const retired = result.retired.map((key) => `Retired ${key.kid}; it stays published until ${key.publish_until}.`);
      const text = [
        `New signing key ${result.kid} (${result.alg}), active since ${result.created_at}.`,
        ...retired,
      ].join('\n');
      return { json: result, text };
    };
  },
};
