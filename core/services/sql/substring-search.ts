/**
 * When a search text may also be matched as a substring (ILIKE '%text%' through a trigram index).
 *
 * pg_trgm can only narrow a '%text%' pattern by the trigrams of the runs of letters and digits in
 * it; a pattern without a run of at least three of them ('a', 'co', '% P', 'a-1') yields no trigram,
 * so the index answers "every row" and PostgreSQL rechecks the whole table (1.2 s for one letter
 * over 100,000 opportunities; a sequential scan of all 50,000 listings in the directory). Such texts
 * are therefore matched as whole words only (full-text search, which still finds short words such
 * as "AC"); partial words need at least this many letters or digits in a row.
 */
const SUBSTRING_MIN_RUN = 3;

const RUN = new RegExp(`[\\p{L}\\p{N}]{${SUBSTRING_MIN_RUN},}`, 'u');

/** Whether `text` holds a run of SUBSTRING_MIN_RUN letters or digits, so that a substring match on it can use a trigram index. */
export function allowsSubstringMatch(text: string): boolean {
  return RUN.test(text);
}

/** The rule as the API documents it (OpenAPI descriptions of the search parameters). */
export const SUBSTRING_RULE =
  `Partial-word (substring) matching applies only when the text holds at least ${SUBSTRING_MIN_RUN} letters or digits in a row; ` +
  'shorter texts match whole words only.';

/** Escapes LIKE/ILIKE wildcards so that user text matches literally (the default escape is backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%text%` for ILIKE, with the wildcards of `text` escaped (escapeLike), so it matches literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The search condition of a public list: whole (stemmed) words of `text` in the tsvector `vector`
 * (web-search syntax), or `text` anywhere in `column` when it is long enough for the trigram index
 * (allowsSubstringMatch). Placeholders are `?`, with their values in `params`.
 */
export function wordsOrSubstring(vector: string, column: string, text: string): { sql: string; params: unknown[] } {
  const words = `${vector} @@ websearch_to_tsquery('english', ?)`;
  return allowsSubstringMatch(text)
    ? { sql: `(${words} or ${column} ilike ?)`, params: [text, containsPattern(text)] }
    : { sql: words, params: [text] };
}
