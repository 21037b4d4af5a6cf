import { requiredFlag, type AdminCommand } from './command.ts';

export const revokeOAuthGrantCommand: AdminCommand = {
  name: 'revoke-oauth-grant',
  summary: "Revoke a user's authorization of an OAuth client at once: its access and refresh tokens stop working.",
  help: `--id <grant id>

  --id <grant id>  the grant, as list-oauth-grants shows it (revoking it again changes nothing)`,
  options: {
    id: { type: 'string' },
  },
  async prepare(values) {
    const input = { grant_id: requiredFlag(values, 'id') };
    return async (caller) => {
      const result = await caller.protocols.oauth.grants.revokeGrant(input);
      const { grant } = result;
      const who = `${grant.client_name ?? grant.client_id} (client ${grant.client_id}) in ${grant.business_slug}`;
      const text = result.already_revoked
        ? `OAuth grant ${grant.grant_id} of ${who} was already revoked at ${grant.revoked_at}; nothing changed.`
        : `Revoked OAuth grant ${grant.grant_id} of ${who} at ${grant.revoked_at}: its access and refresh tokens no longer work.`;
      return { json: result, text };
    };
  },
};
