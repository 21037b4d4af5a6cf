import type { EntityManager } from '@mikro-orm/postgresql';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { TaxRate } from '../../../../orm/entities/field-service/tax-rate.ts';
import { Visit } from '../../../../orm/entities/field-service/visit.ts';

// What get-job adds to a job's row (job-detail.ts), each read through the caller's entity manager:
// inside create-job's transaction they run on its connection.

/** The property a job is at. */
export function findJobProperty(em: EntityManager, businessId: string, propertyId: string) {
  return em.findOne(Property, { businessId, id: propertyId });
}

/** The tax rate a job is taxed at. */
export function findJobTaxRate(em: EntityManager, businessId: string, taxRateId: string) {
  return em.findOne(TaxRate, { businessId, id: taxRateId });
}

/** A job's visits by scheduled start, then id. */
export function findJobVisits(em: EntityManager, businessId: string, jobId: string) {
  return em.find(Visit, { businessId, jobId }, { orderBy: { scheduledStart: 'asc', id: 'asc' } });
}
