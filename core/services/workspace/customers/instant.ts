import { z } from 'zod';

// ISO 8601 accepts year 0000 and offsets up to ±23:59; PostgreSQL refuses both. Nothing a business
// owns lies outside years 1..9999, so clamping an input instant into them never changes an answer.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant input (already ISO-validated) as PostgreSQL accepts it: as given when it can (keeping
 * microseconds), else in UTC clamped into years 1..9999.
 */
export function toDbInstant(iso: string | Date): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  // PostgreSQL reads offsets up to ±15:59.
  const readable = typeof iso === 'string' && !iso.startsWith('0000') && !/[+-](?:1[6-9]|2\d):\d{2}$/.test(iso);
  if (readable && ms >= EARLIEST && ms <= LATEST) return iso;
  return new Date(Math.min(Math.max(ms, EARLIEST), LATEST)).toISOString();
}

/** The instant element of a keyset cursor, as instantKeySql (instant-key.query.ts) writes it. */
export const ZInstantKey = z.iso.datetime({ precision: 6 }).refine((value) => !value.startsWith('0000'));
