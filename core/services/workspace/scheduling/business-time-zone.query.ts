import type { EntityManager } from '@mikro-orm/postgresql';
import { IANAZone } from 'luxon';
import { Business } from '../../../../orm/entities/accounts/business.ts';

/**
 * The IANA zone the business's schedule is read in. A zone the runtime does not know would make
 * every luxon date invalid, so it falls back to UTC rather than failing the caller.
 */
export async function businessTimeZone(em: EntityManager, businessId: string): Promise<string> {
  const business = await em.findOne(Business, { id: businessId }, { fields: ['timeZone'] });
  const zone = business?.timeZone;
  return zone && IANAZone.isValidZone(zone) ? zone : 'UTC';
}
