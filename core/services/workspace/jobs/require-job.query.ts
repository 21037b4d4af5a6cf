import type { EntityManager } from '@mikro-orm/postgresql';
import { Job } from '../../../../orm/entities/field-service/job.ts';
import { JobType } from '../../../../orm/entities/field-service/job-type.ts';
import { AppError } from '../../../errors/index.ts';

/** A job of this business, else not found (an id of another business answers the same). */
export async function requireJob(em: EntityManager, businessId: string, jobId: string): Promise<void> {
  if (!(await em.count(Job, { businessId, id: jobId })))
    throw new AppError('RESOURCE_NOT_FOUND', `No job with id ${jobId} in this business.`);
}

/** A job type filter must name a type of this business: an empty list would hide the mistake. */
export async function requireJobType(
  em: EntityManager,
  businessId: string,
  jobTypeId: string | undefined,
): Promise<void> {
  if (jobTypeId === undefined) return;
  if (!(await em.count(JobType, { businessId, id: jobTypeId })))
    throw new AppError('RESOURCE_NOT_FOUND', `No job type with id ${jobTypeId} in this business.`);
}
