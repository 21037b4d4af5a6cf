import { runQuery, type SqlSource } from '../../sql/query.ts';

interface TaxRateRow {
  id: string;
  name: string;
  rate_basis_points: number;
  is_default: boolean;
  active: boolean;
}

/** Tax rates of one business, active and inactive, by name (byte order) then id, after a (name, id) key. */
export function listTaxRateRows(
  em: SqlSource,
  businessId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<TaxRateRow[]> {
  return runQuery<TaxRateRow>(em, {
    sql: `select id, name, rate_basis_points, is_default, active from tax_rates
          where business_id = ? ${after ? 'and (name collate "C", id) > (? collate "C", ?::uuid)' : ''}
          order by name collate "C", id
          limit ?`,
    params: after ? [businessId, after[0], after[1], limit] : [businessId, limit],
  });
}

/** Basis points as a percentage string without trailing zeros: 825 -> "8.25", 700 -> "7", 50 -> "0.5". */
function ratePercent(basisPoints: number): string {
  const fixed = (basisPoints / 100).toFixed(2);
  if (fixed.endsWith('.00')) return fixed.slice(0, -3);
  return fixed.endsWith('0') ? fixed.slice(0, -1) : fixed;
}

export function toTaxRate(row: TaxRateRow) {
  return {
    id: row.id,
    name: row.name,
    rate_basis_points: row.rate_basis_points,
    rate_percent: ratePercent(row.rate_basis_points),
    is_default: row.is_default,
    active: row.active,
  };
}
