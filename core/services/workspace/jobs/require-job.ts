import type { EntityManager } from '@mikro-orm/postgresql';
import { Job } from '../../../../orm/entities/field-service/job.ts';
import { AppError } from '../../../errors/index.ts';

export async function requireJob(em: EntityManager, businessId: string, jobId: string): Promise<void> {
  if (!(await em.count(Job, { businessId, id: jobId }))) throw new AppError('RESOURCE_NOT_FOUND', `No job with id ${jobId} in this business.`);
}
