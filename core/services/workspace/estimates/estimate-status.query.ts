import { runQuery, type SqlSource } from '../../sql/query.ts';

/** The business's date at `now`, for a statement joining `businesses b`. */
const TODAY = '(?::timestamptz at time zone b.time_zone)::date';

export type EstimateChange = { kind: 'send' } | { kind: 'approve'; optionId: string } | { kind: 'decline' };

/** The status each change needs and the one it leaves. */
export const estimateTransitions = {
  send: { from: 'draft', to: 'sent' },
  approve: { from: 'sent', to: 'approved' },
  decline: { from: 'sent', to: 'declined' },
} as const;

/**
 * The change as one conditional UPDATE of one estimate of one business: it happens only from the
 * status it needs (and, to send, with at least one option; to approve, with `optionId` an option of
 * this estimate and its valid_until not past in the business's zone). Concurrent identical changes
 * queue on the row lock and the later ones find the status changed: exactly one answers true.
 */
export async function updateEstimateStatus(
  em: SqlSource,
  businessId: string,
  estimateId: string,
  change: EstimateChange,
  now: Date,
): Promise<boolean> {
  const { from, to } = estimateTransitions[change.kind];
  const sets = ['status = ?', 'updated_at = ?::timestamptz'];
  const setParams: unknown[] = [to, now.toISOString()];
  const conditions: string[] = [];
  const conditionParams: unknown[] = [];
  const ownOption = 'select 1 from estimate_options o where o.business_id = e.business_id and o.estimate_id = e.id';
  if (change.kind === 'send') {
    sets.push(`issued_on = ${TODAY}`);
    setParams.push(now.toISOString());
    conditions.push(`exists (${ownOption})`);
  } else if (change.kind === 'approve') {
    sets.push('approved_option_id = ?::uuid');
    setParams.push(change.optionId);
    conditions.push(`(e.valid_until is null or e.valid_until >= ${TODAY})`, `exists (${ownOption} and o.id = ?::uuid)`);
    conditionParams.push(now.toISOString(), change.optionId);
  }
  const rows = await runQuery<{ id: string }>(em, {
    sql: `update estimates e set ${sets.join(', ')}
          from businesses b
          where b.id = e.business_id and e.business_id = ? and e.id = ? and e.status = ?
            ${conditions.map((condition) => `and ${condition}`).join(' ')}
          returning e.id`,
    params: [...setParams, businessId, estimateId, from, ...conditionParams],
  });
  return rows.length === 1;
}

export interface EstimateState {
  number: number;
  status: string;
  valid_until: string | null;
  /** valid_until is before the business's date at `now`. */
  expired: boolean;
  option_count: number;
  /** The option asked for is one of this estimate's. */
  has_option: boolean;
}

/** What a refused change found, to say why; undefined when the business has no such estimate. */
export async function estimateState(
  em: SqlSource,
  businessId: string,
  estimateId: string,
  optionId: string | null,
  now: Date,
): Promise<EstimateState | undefined> {
  const [row] = await runQuery<EstimateState & { option_count: string }>(em, {
    sql: `select e.number, e.status, to_char(e.valid_until, 'YYYY-MM-DD') as valid_until,
            coalesce(e.valid_until < ${TODAY}, false) as expired,
            (select count(*) from estimate_options o where o.business_id = e.business_id and o.estimate_id = e.id) as option_count,
            exists (select 1 from estimate_options o
                     where o.business_id = e.business_id and o.estimate_id = e.id and o.id = ?::uuid) as has_option
          from estimates e join businesses b on b.id = e.business_id
          where e.business_id = ? and e.id = ?`,
    params: [now.toISOString(), optionId, businessId, estimateId],
  });
  return row ? { ...row, option_count: Number(row.option_count) } : undefined;
}
