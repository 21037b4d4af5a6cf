import { optionalFlag, UsageError, type AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

export const reconcilePaymentsCommand: AdminCommand = {
  name: 'reconcile-payments',
  summary: 'Run one pass of settlement recovery now and print what changed.',
  help: `[--limit <n>] [--due-only]

  --limit <n>   at most this many pending settlements (1 to 1000, default 50)
  --due-only    only those whose next attempt is due (the periodic pass's rule); by default every
                pending settlement with attempts left is asked about now

  Sends each settlement_pending payment's stored payload to the facilitator again (never a new one)
  and prints PAYMENT, FROM, TO and TRANSACTION per payment asked about.`,
  options: {
    limit: { type: 'string' },
    'due-only': { type: 'boolean' },
  },
  async prepare(values) {
    const limitText = optionalFlag(values, 'limit') ?? '50';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 1000)
      throw new UsageError('--limit must be a whole number from 1 to 1000.');
    const input = { limit, include_not_due: values['due-only'] !== true };
    return async (caller) => {
      const result = await caller.infrastructure.payments.reconcilePending(input);
      const text =
        result.changes.length === 0
          ? `No pending settlement was asked about (${result.claimed} claimed).`
          : formatTable(
              ['PAYMENT', 'FROM', 'TO', 'TRANSACTION', 'NOTE'],
              result.changes.map((change) => [
                change.payment_id,
                change.from,
                change.to,
                change.transaction ?? '-',
                change.note,
              ]),
            );
      return { json: result, text };
    };
  },
};
