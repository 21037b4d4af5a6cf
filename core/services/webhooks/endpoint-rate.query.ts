/*
 * The per-endpoint delivery rate (max_per_second), as SQL fragments of the claim
 * (delivery-claim.query.ts). An endpoint's claims of the last second are counted in 100 ms slots of
 * the database's clock (one clock for every worker process): `rate_slot` is the newest slot written,
 * `rate_counts[1]` its count, `rate_counts[i]` the count of slot `rate_slot - i + 1`. A claim counts
 * the current slot and the 11 before it, so every claim of the last 1.1 s (up to 1.2 s) is counted:
 * in any second at most max_per_second attempts are claimed, with 100 ms to spare for attempts that
 * reach the receiver unevenly late; a saturated endpoint gets about 0.87 of its rate. The counts are
 * read and written under the endpoint row's lock, taken by the claim itself, so two workers never
 * spend one allowance twice.
 */

/** Slots counted: the current one and the 11 before it. */
const RATE_SLOTS = 12;

/** The current 100 ms slot, by the database's clock (stable within the statement). */
const RATE_SLOT_NOW = 'floor(extract(epoch from statement_timestamp()) * 10)::bigint';

/** Attempts claimed for the endpoint aliased `endpoint` in the window ending now. */
export function rateSpent(endpoint: string): string {
  return `coalesce((select sum(spent.n) from unnest(${endpoint}.rate_counts) with ordinality as spent(n, i)
            where spent.i <= ${RATE_SLOTS} - (${RATE_SLOT_NOW} - ${endpoint}.rate_slot)), 0)`;
}

/**
 * `set` of the endpoint aliased `endpoint` after claiming `claimed` attempts now: the slots shifted
 * to the current one (older ones dropped), the claims added to it. A clock that went back (a slot
 * older than the newest written) adds to the newest: counted longer, never less.
 */
export function rateSpend(endpoint: string, claimed: string): string {
  const shift = `greatest(${RATE_SLOT_NOW} - ${endpoint}.rate_slot, 0)`;
  return `rate_slot = greatest(${RATE_SLOT_NOW}, ${endpoint}.rate_slot),
          rate_counts = array(select (case when slot.j = 1 then ${claimed} else 0 end)
                                     + coalesce(${endpoint}.rate_counts[slot.j - ${shift}], 0)
                                from generate_series(1, ${RATE_SLOTS}) as slot(j) order by slot.j)`;
}
