import type { AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

export const listBusinessesCommand: AdminCommand = {
  name: 'list-businesses',
  summary: 'List every business with its member count and owners.',
  help: '',
  options: {},
  async prepare() {
    return async (caller) => {
      const result = await caller.accounts.listBusinesses({});
      const text =
        result.items.length === 0
          ? 'No businesses.'
          : formatTable(
              ['SLUG', 'NAME', 'TIME ZONE', 'CURRENCY', 'MEMBERS', 'OWNERS', 'ID'],
              result.items.map((item) => [
                item.slug,
                item.name,
                item.time_zone,
                item.currency,
                String(item.member_count),
                item.owner_emails.join(', ') || '-',
                item.id,
              ]),
            );
      return { json: result, text };
    };
  },
};
