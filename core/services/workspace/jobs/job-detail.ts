import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { lineItemsOf } from '../line-items.query.ts';
import { findJobProperty, findJobTaxRate, findJobVisits } from './job-detail.query.ts';
import { findJobs, toJobSummary } from './job-rows.query.ts';

/** One job of one business with property, tax rate, line items and visits: get-job's answer and create-job's. */
export async function loadJob(em: EntityManager, businessId: string, jobId: string) {
  const [row] = await findJobs(em, businessId, { jobId, limit: 1 });
  if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No job with id ${jobId} in this business.`);
  // One query after another: inside create-job's transaction they share one connection.
  const property = row.property_id ? await findJobProperty(em, businessId, row.property_id) : null;
  const taxRate = row.tax_rate_id ? await findJobTaxRate(em, businessId, row.tax_rate_id) : null;
  const lineItems = await lineItemsOf(em, 'job', businessId, row.id);
  const visits = await findJobVisits(em, businessId, row.id);
  return {
    ...toJobSummary(row),
    description: row.description,
    property: property
      ? {
          id: property.id,
          name: property.name ?? null,
          line1: property.addressLine1,
          line2: property.addressLine2 ?? null,
          city: property.city,
          region: property.region ?? null,
          postal_code: property.postalCode,
        }
      : null,
    tax_rate: taxRate ? { id: taxRate.id, name: taxRate.name, rate_basis_points: taxRate.rateBasisPoints } : null,
    line_items: lineItems,
    visits: visits.map((visit) => ({
      id: visit.id,
      scheduled_start: visit.scheduledStart.toISOString(),
      scheduled_end: visit.scheduledEnd.toISOString(),
      status: visit.status,
    })),
  };
}
