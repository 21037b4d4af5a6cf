import { createHash } from 'node:crypto';

/** Room left in the 200-character slug for a suffix ("-49", or "-" and 12 hex digits). */
const BASE_MAX = 186;
/** How many numbered slugs ("-2" to "-49") are tried before the external id's hash decides. */
const NUMBERED = 48;

/**
 * The slug an imported listing is published under, from its name and city: lower-case ASCII
 * words joined by hyphens (accents dropped, "&" read as "and"), at most 186 characters;
 * "listing" when nothing of the name is left (a name in another script).
 */
export function baseSlug(name: string, city: string | null): string {
  const words = `${name} ${city ?? ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > BASE_MAX) break;
    slug = next;
  }
  return slug === '' ? 'listing' : slug;
}

/**
 * The slugs a new listing may take, in order of preference: the base, then "-2" to "-49", then
 * one derived from its external id (so a crowded name still ends in a slug no other row asks for).
 */
export function slugCandidates(base: string, externalId: string): string[] {
  const numbered = Array.from({ length: NUMBERED }, (_, index) => `${base}-${index + 2}`);
  const hashed = `${base}-${createHash('sha256').update(externalId).digest('hex').slice(0, 12)}`;
  return [base, ...numbered, hashed];
}
