import type { EntityManager } from '@mikro-orm/postgresql';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { AppError } from '../../../errors/index.ts';

/** A property of another business answers exactly like one that does not exist. */
export async function requireProperty(em: EntityManager, businessId: string, propertyId: string): Promise<void> {
  if (!(await em.count(Property, { businessId, id: propertyId }))) {
    throw new AppError('RESOURCE_NOT_FOUND', `No property with id ${propertyId} in this business.`);
  }
}
