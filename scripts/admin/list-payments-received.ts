import { optionalFlag, UsageError, type AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

const STATES = ['reserved', 'settled', 'failed', 'settlement_pending'] as const;

/** 1 000 000 atomic units of a 6-decimals USD token as "1.000000". */
function usd(atomic: string): string {
  const padded = atomic.padStart(7, '0');
  return `${padded.slice(0, -6)}.${padded.slice(-6)}`;
}

export const listPaymentsReceivedCommand: AdminCommand = {
  name: 'list-payments-received',
  summary: 'List the payments for the paid reference, newest first, with full transaction hashes.',
  help: `[--limit <n>] [--state reserved|settled|failed|settlement_pending]

  --limit <n>   at most this many (1 to 1000, default 50)
  --state <s>   only payments in this state: settled (receipts), failed (the facilitator refused the
                settlement: nothing is delivered), settlement_pending (the facilitator has not
                confirmed how the settlement ended; the reconciler asks again: ATTEMPTS, NEXT
                ATTEMPT, and the last error; NEXT ATTEMPT "-" means none is left: check the chain by
                payer and nonce), reserved (in flight)

  AMOUNT is in USD (the asset's atomic units / 10^6); --json gives every field, atomic units included.`,
  options: {
    limit: { type: 'string' },
    state: { type: 'string' },
  },
  async prepare(values) {
    const limitText = optionalFlag(values, 'limit') ?? '50';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 1000)
      throw new UsageError('--limit must be a whole number from 1 to 1000.');
    const state = optionalFlag(values, 'state');
    if (state !== undefined && !(STATES as readonly string[]).includes(state))
      throw new UsageError(`--state must be one of ${STATES.join(', ')}.`);
    const input = { limit, state: state as (typeof STATES)[number] | undefined };
    return async (caller) => {
      const result = await caller.protocols.x402.listReceipts(input);
      const text =
        result.items.length === 0
          ? 'No payments received.'
          : formatTable(
              [
                'CREATED',
                'STATE',
                'AMOUNT',
                'NETWORK',
                'PAYER',
                'TRANSACTION',
                'CHECKOUT',
                'ID',
                'ATTEMPTS',
                'NEXT ATTEMPT',
                'FAILURE',
              ],
              result.items.map((item) => [
                item.created_at,
                item.state,
                usd(item.amount),
                item.network,
                item.payer,
                item.transaction ?? '-',
                item.checkout_session_id ?? '-',
                item.id,
                String(item.settle_attempts),
                item.next_attempt_at ?? '-',
                [item.failure, item.last_error].filter(Boolean).join('; '),
              ]),
            );
      return { json: result, text };
    };
  },
};
