import type { EntityManager } from '@mikro-orm/postgresql';
import { Job } from '../../../../orm/entities/field-service/job.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';

/** The property an estimate is for, as a short reference; null without one. */
export async function propertyRef(em: EntityManager, businessId: string, propertyId: string | null) {
  if (propertyId === null) return null;
  const property = await em.findOne(
    Property,
    { businessId, id: propertyId },
    { fields: ['name', 'addressLine1', 'city', 'postalCode'] },
  );
  if (!property) return null;
  return {
    id: property.id,
    name: property.name ?? null,
    summary: `${property.addressLine1}, ${property.city} ${property.postalCode}`,
  };
}

/** The job an estimate is for or became, as a short reference; null without one. */
export async function jobRef(em: EntityManager, businessId: string, jobId: string | null) {
  if (jobId === null) return null;
  const job = await em.findOne(Job, { businessId, id: jobId }, { fields: ['number', 'title', 'status'] });
  return job ? { id: job.id, number: job.number, title: job.title, status: job.status } : null;
}
