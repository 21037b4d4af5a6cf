/**
 * What a third party sends (a webhook receiver's answer, a facilitator's reason, a fetched metadata
 * document, an agent's profile) made storable at the boundary. PostgreSQL `text` cannot hold NUL
 * (U+0000) and `jsonb` refuses `\u0000` too; UTF-8 cannot encode an unpaired surrogate. One such
 * value would fail its INSERT and, in a batch, every row beside it.
 *
 * Does NOT escape anything for HTML or SQL: values are bound as parameters and escaped where shown.
 */

const REPLACEMENT = '\uFFFD';

/**
 * NUL and unpaired surrogates replaced by U+FFFD, then cut to at most `maxLength` UTF-16 units
 * (after the replacement, so the bound holds for what is stored) without splitting a pair.
 */
export function storableText(value: string, maxLength: number): string {
  const clean = value.toWellFormed().replaceAll('\u0000', REPLACEMENT);
  if (clean.length <= maxLength) return clean;
  const cut = clean.slice(0, maxLength);
  // A high surrogate at the end would be unpaired once its low half is cut off.
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
