import type { EntityManager } from '@mikro-orm/postgresql';
import { Business } from '../../../../orm/entities/accounts/business.ts';

/** The ISO 4217 code every amount of the business is in. */
export async function businessCurrency(em: EntityManager, businessId: string): Promise<string> {
  const business = await em.findOne(Business, { id: businessId }, { fields: ['currency'] });
  return business?.currency ?? 'USD';
}
