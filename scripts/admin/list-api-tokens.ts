import { requiredFlag, type AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

export const listApiTokensCommand: AdminCommand = {
  name: 'list-api-tokens',
  summary: 'List the API tokens of a business (never the tokens themselves).',
  help: `--business <id or slug> [--active]

  --business <id or slug>  the business
  --active                 hide revoked and expired tokens`,
  options: {
    business: { type: 'string' },
    active: { type: 'boolean' },
  },
  async prepare(values) {
    const input = { business: requiredFlag(values, 'business'), include_revoked: !values.active };
    return async (caller) => {
      const result = await caller.accounts.listApiTokens(input);
      const text =
        result.items.length === 0
          ? `No API tokens in ${result.business_slug}.`
          : formatTable(
              ['ID', 'NAME', 'PREFIX', 'SCOPES', 'CREATED', 'LAST USED', 'EXPIRES', 'STATUS'],
              result.items.map((item) => [
                item.id,
                item.name,
                item.token_prefix,
                item.scopes.join(','),
                item.created_at,
                item.last_used_at ?? 'never',
                item.expires_at ?? 'never',
                item.status === 'revoked' ? `revoked ${item.revoked_at}` : item.status,
              ]),
            );
      return { json: result, text };
    };
  },
};
