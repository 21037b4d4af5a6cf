import { requiredFlag, type AdminCommand } from './command.ts';

export const revokeApiTokenCommand: AdminCommand = {
  name: 'revoke-api-token',
  summary: 'Revoke a workspace API token at once (revoking it again changes nothing).',
  help: `--token-id <id>

  --token-id <id>  the token's id, as create-api-token and list-api-tokens show it`,
  options: {
    'token-id': { type: 'string' },
  },
  async prepare(values) {
    const input = { token_id: requiredFlag(values, 'token-id') };
    return async (caller) => {
      const result = await caller.accounts.revokeApiToken(input);
      const { token } = result;
      const text = result.already_revoked
        ? `API token "${token.name}" (id ${token.id}) was already revoked at ${token.revoked_at}; nothing changed.`
        : `Revoked API token "${token.name}" (id ${token.id}, ${token.token_prefix}...) at ${token.revoked_at}.`;
      return { json: result, text };
    };
  },
};
