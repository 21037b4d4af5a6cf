import { requiredFlag, type AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

export const listOAuthGrantsCommand: AdminCommand = {
  name: 'list-oauth-grants',
  summary: 'List the OAuth clients a user authorized (one grant per consent), never a token.',
  help: `--email <address> [--active]

  --email <address>  the user's e-mail address
  --active           hide revoked grants

  STATUS: active (a refresh token or access token may still be in use), unused (the code was never
  exchanged), expired, revoked. Revoke one with revoke-oauth-grant --id <grant id>.`,
  options: {
    email: { type: 'string' },
    active: { type: 'boolean' },
  },
  async prepare(values) {
    const input = { email: requiredFlag(values, 'email'), include_revoked: !values.active };
    return async (caller) => {
      const result = await caller.protocols.oauth.grants.listGrants(input);
      const text =
        result.items.length === 0
          ? `${result.email} has authorized no OAuth client.`
          : formatTable(
              ['GRANT', 'CLIENT', 'NAME', 'BUSINESS', 'SCOPE', 'CREATED', 'LAST REFRESH', 'STATUS'],
              result.items.map((grant) => [
                grant.grant_id,
                grant.client_id,
                grant.client_name ?? '-',
                grant.business_slug,
                grant.scope,
                grant.created_at,
                grant.last_refreshed_at ?? 'never',
                grant.revoked_at ? `revoked ${grant.revoked_at}` : grant.status,
              ]),
            );
      return { json: result, text };
    };
  },
};
