import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { asDate } from '../scheduling/local-time.ts';
import { estimateOptions } from './estimate-options.query.ts';
import { jobRef, propertyRef } from './estimate-references.query.ts';
import { findEstimates } from './estimate-rows.query.ts';
import { toEstimateSummary } from './estimate-summary.ts';

export function estimateNotFound(estimateId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No estimate with id ${estimateId} in this business.`);
}

/**
 * One estimate of one business with its references and every option: get-estimate's answer, and the
 * `data` of the estimate events (read inside the write's transaction, so both say the same).
 */
export async function loadEstimate(em: EntityManager, businessId: string, estimateId: string) {
  const [row] = await findEstimates(em, businessId, { estimateId, limit: 1 });
  if (!row) throw estimateNotFound(estimateId);
  const summary = toEstimateSummary(row);
  // One query after another: inside a write's transaction they share one connection.
  const property = await propertyRef(em, businessId, row.property_id);
  const job = await jobRef(em, businessId, row.job_id);
  const options = await estimateOptions(em, businessId, row.id, summary.approved_option_id);
  return {
    ...summary,
    property,
    job,
    notes: row.notes,
    updated_at: asDate(row.updated_at).toISOString(),
    options,
  };
}
