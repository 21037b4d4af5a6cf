import { SET_ASIDE_PATTERNS } from './lexicon-filters.ts';
import { NEAR_ME_PATTERN, NUMBER_WORDS } from './lexicon-words.ts';
import type { Message } from './message.ts';
import type { PhraseEntry } from './phrases.ts';

/**
 * Step 1 of the text router: what patterns recognise (URLs, ratings, review counts, ZIP and NAICS
 * codes, set-asides, slugs).
 */

/*
 * The patterns run on the folded text (message.ts: lower case, one space between words), and are
 * written as literals so eslint-plugin-regexp checks every one of them: no two neighbouring
 * quantifiers may match the same characters, or a long run of them makes a match attempt
 * backtrack quadratically (issue 27: "at least 4", 2,000 spaces and a letter took 8 s). Each
 * optional piece therefore starts with its own space and a literal (`(?:\s?\+)?`), never a bare
 * `\s*` beside another.
 *
 * A rating's number: digits ("4", "4.5", "4,5") or one of NUMBER_WORDS (lexicon-words.ts), spelt
 * out here because a pattern composed from strings is one the linter cannot read.
 * After the rating: `/5`, "out of 5", "stars", "or better" and their kin, each optional.
 */
const RATING_PATTERNS: readonly RegExp[] = [
  /\b(?:rated|rating(?: of)?|with a rating of|calificacion(?: de)?|calificad[oa]s?(?: con)?|valorad[oa]s?(?: con)?)\s(?:(?:at least|of at least|minimum(?: of)?|min|over|above|more than|>=|>|al menos|por lo menos|minimo(?: de)?|mas de|de)\s)?(\d+(?:[.,]\d+)?|zero|one|two|three|four|five|cero|uno|una|dos|tres|cuatro|cinco)(?:\s?\+)?(?:\s?(?:\/\s?5|out of 5|de 5))?(?:\s?(?:stars?|estrellas?))?(?:\s(?:or (?:better|more|higher|above|up|over)|and (?:up|above|higher)|plus|o mas|[oy] (?:mas|superior(?:es)?)))?/g,
  /\b(\d+(?:[.,]\d+)?|zero|one|two|three|four|five|cero|uno|una|dos|tres|cuatro|cinco)(?:\s?\+)?(?:\s?-)?\s?(?:rated|rating|calificacion)\b/g,
  /(?:\b(?:at least|of at least|minimum(?: of)?|min|over|above|more than|>=|>|al menos|por lo menos|minimo(?: de)?|mas de|de)\s)?\b(\d+(?:[.,]\d+)?|zero|one|two|three|four|five|cero|uno|una|dos|tres|cuatro|cinco)(?:\s?\+)?(?:\s?-)?\s?(?:stars?|estrellas?)(?:\s(?:or (?:better|more|higher|above|up|over)|and (?:up|above|higher)|plus|o mas|[oy] (?:mas|superior(?:es)?)))?/g,
  /\b(?:at least|al menos)\s(\d(?:[.,]\d)?)(?=\s?$|\s?[,.;!?)]|\s(?:in|near|en|and|y|with|con|around)\b)/g,
];
const REVIEWS_PATTERN =
  /\b(?:(at least|minimum(?: of)?|min|over|more than|above|al menos|minimo(?: de)?|mas de)\s)?(\d{1,10})(?:\s?\+)?\s?(?:reviews?|resenas?|opiniones|valoraciones)\b(?:\s(?:or more|and up|o mas))?/g;

/** A number as written ("4", "4.5", "4,5", "four") -> its value. */
function numberValue(written: string): number {
  return NUMBER_WORDS[written] ?? Number(written.replace(',', '.'));
}

/** Step 1: what patterns recognise, before the words are matched. */
export function recognisePatterns(message: Message): void {
  message.claimAll(/\bhttps?:\/\/[^\s<>"]+/g, (match) => {
    const slug = /\/blog\/posts\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:[/?#]|$)/.exec(match[0])?.[1];
    return slug ? { kind: 'slug', value: slug } : { kind: 'ignored', value: match[0] };
  });
  message.claimAll(NEAR_ME_PATTERN, () => ({ kind: 'near_me', value: 'near me' }));
  message.claimAll(/\b(?:(?:in|en) )?(?:spanish|espanol|castellano)\b/g, () => ({ kind: 'locale', value: 'es-US' }));
  message.claimAll(/\b(?:(?:in|en) )?(?:english|ingles)\b/g, () => ({ kind: 'locale', value: 'en-US' }));
  message.claimAll(
    /\b(?:tagged(?: with| as)?|with (?:the )?tag|tags?|etiquetad[oa]s?(?: con| como)?|con (?:la )?etiqueta|etiqueta)\s?(?:[:#]\s?)?["'“]?([a-z0-9][a-z0-9-]{0,99})["'”]?/g,
    (match) => ({ kind: 'tag', value: match[1]! }),
  );
  message.claimAll(/\bnaics(?: codes?| codigos?)?\s?(?:[:#]\s?)?(\d{2,6})\b/g, (match) => ({
    kind: 'naics',
    value: match[1]!,
    skill: 'find-government-opportunities',
  }));
  message.claimAll(/(?<![\d.,])\b(\d{6})\b(?![\d.,])/g, (match) => ({ kind: 'naics', value: match[1]! }));
  message.claimAll(REVIEWS_PATTERN, (match) => {
    const strictly = /over|more than|above|mas de/.test(match[1] ?? '');
    const count = Number(match[2]) + (strictly ? 1 : 0);
    return { kind: 'min_reviews', value: count, invalid: count > 2_147_483_647 };
  });
  for (const pattern of RATING_PATTERNS) {
    message.claimAll(pattern, (match) => {
      const rating = numberValue(match[1]!);
      return { kind: 'min_rating', value: rating, invalid: !(rating >= 0 && rating <= 5) };
    });
  }
  message.claimAll(/(?<![\d.,])\b(\d{5})(?:-\d{4})?\b(?![\d.,])/g, (match) => ({ kind: 'zip', value: match[1]! }));
  for (const [pattern, code] of SET_ASIDE_PATTERNS) {
    message.claimAll(new RegExp(pattern.source, 'g'), () => ({ kind: 'set_aside', value: code }));
  }
}

/** Step 1, last: slugs (words joined by two or more hyphens) that are not a vocabulary phrase. */
export function recogniseSlugs(message: Message, table: Map<string, PhraseEntry[]>): void {
  const free = message.unclaimedFolded();
  for (const match of free.matchAll(/(?<![\p{L}\p{N}-])[a-z0-9]+(?:-[a-z0-9]+){2,}(?![\p{L}\p{N}-])/gu)) {
    if (table.has(match[0].replace(/-/g, ' '))) continue;
    message.claim({ kind: 'slug', value: match[0], start: match.index, end: match.index + match[0].length });
  }
}
