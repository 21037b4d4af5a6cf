import type { EntityManager } from '@mikro-orm/postgresql';
import type { IBusiness } from '../../../orm/entities/accounts/business.ts';
import { AppError } from '../../errors/index.ts';
import { findBusinessWhere } from './businesses.query.ts';
import { isUuidShaped } from './slug.ts';

/**
 * The business a reference names: an id when it is UUID-shaped, otherwise a slug (slugs never
 * look like ids, create-business refuses them). RESOURCE_NOT_FOUND for anything else.
 */
export async function findBusiness(em: EntityManager, reference: string): Promise<IBusiness> {
  const where = isUuidShaped(reference) ? { id: reference.toLowerCase() } : { slug: reference };
  const business = await findBusinessWhere(em, where);
  if (!business) throw new AppError('RESOURCE_NOT_FOUND', `No business with id or slug "${reference}".`);
  return business;
}
