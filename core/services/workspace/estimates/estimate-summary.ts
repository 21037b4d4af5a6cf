import { asDate } from '../scheduling/local-time.ts';
import type { EstimateRow } from './estimate-rows.query.ts';

/** The list-estimates item: bigint columns arrive from raw SQL as strings. */
export function toEstimateSummary(row: EstimateRow) {
  const approved = row.headline_approved === true;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    customer: { id: row.customer_id, name: row.customer_name },
    property_id: row.property_id,
    job_id: row.job_id,
    issued_on: row.issued_on,
    valid_until: row.valid_until,
    option_count: Number(row.option_count),
    // The headline is the approved option whenever one of this estimate's options is approved.
    approved_option_id: approved ? row.headline_id : null,
    headline_option:
      row.headline_id === null
        ? null
        : {
            basis: approved ? ('approved' as const) : ('lowest_total' as const),
            option_id: row.headline_id,
            name: row.headline_name!,
            subtotal_minor: Number(row.headline_subtotal_minor),
            tax_minor: Number(row.headline_tax_minor),
            total_minor: Number(row.headline_total_minor),
          },
    currency: row.currency,
    created_at: asDate(row.created_at).toISOString(),
  };
}
