import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, type IBusiness } from '../../../../orm/entities/accounts/business.ts';

/** The whole business row (profile, contact, address, hours, settings); null once the business is deleted. */
export function findBusinessProfile(em: EntityManager, businessId: string): Promise<IBusiness | null> {
  return em.findOne(Business, { id: businessId });
}

/** The currency and time zone every report of the business is in; the business must exist. */
export function findCurrencyAndTimeZone(
  em: EntityManager,
  businessId: string,
): Promise<Pick<IBusiness, 'currency' | 'timeZone'>> {
  return em.findOneOrFail(Business, { id: businessId }, { fields: ['currency', 'timeZone'] });
}
