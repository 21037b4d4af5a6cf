import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { businessTimeZone } from '../scheduling/business-time-zone.query.ts';

/** The business's calendar date ('YYYY-MM-DD') at `now`, in its own time zone. */
export async function businessToday(em: EntityManager, businessId: string, now: Date): Promise<string> {
  const zone = await businessTimeZone(em, businessId);
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}
