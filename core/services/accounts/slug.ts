/** Business slugs: lowercase ASCII words joined by single hyphens, at most 100 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Business references accept an id or a slug, so a slug must never look like an id. */
export function isUuidShaped(value: string): boolean {
  return UUID_SHAPE.test(value);
}

/**
 * The slug a name suggests: accents dropped ("Café" -> "cafe"), every run of other characters
 * one hyphen. Empty when the name has no ASCII letter or digit (the caller then needs a slug).
 */
export function slugFromName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // Runs are one hyphen now: a single one at either end is all there is to trim, and `-+$`
    // would rescan a run from each of its hyphens.
    .replace(/^-|-$/g, '');
  return ascii.slice(0, SLUG_MAX_LENGTH).replace(/-$/, '');
}
