import { IANAZone } from 'luxon';

// Zone names only: Intl also takes offsets ("+05:00") on newer runtimes, which are not IANA zones.
const ZONE_NAME = /^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/;

/**
 * The canonical spelling of an IANA time-zone name ("america/chicago" -> "America/Chicago"),
 * or undefined when the runtime's zone database does not know it.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (!ZONE_NAME.test(value) || !IANAZone.isValidZone(value)) return undefined;
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}
