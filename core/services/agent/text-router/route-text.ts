import { buildArguments, dispositionOf, localeOf, unknownPlace } from './arguments.ts';
import { READ_VERBS, SINGULAR_BLOG_CUES, type RoutableSkill } from './lexicon-cues.ts';
import { NEGATIONS, PLACE_PREPOSITIONS, STOP_WORDS, TOPIC_MARKERS } from './lexicon-words.ts';
import { fold, foldSpaces, Message, wordsOf, type Item, type ItemKind } from './message.ts';
import { ambiguous, invalidValue, NO_SKILL, quote } from './needs.ts';
import { recognisePatterns, recogniseSlugs } from './patterns.ts';
import { isCategoryWord, phraseTable, recogniseWords } from './phrases.ts';
import type { RoutedMessage } from './routed-message.ts';
import type { RouterVocabulary } from './router-vocabulary.ts';
import { ARGUMENT_NAMES, EXCLUSIVE_TO, TAKES } from './skill-kinds.ts';

export type { RoutedMessage, RouterVocabulary };

/** The longest search text the list procedures take (`q`, `keyword`). */
const MAX_SEARCH_TEXT = 200;

/**
 * The deterministic text router: a user's or agent's free text -> one skill and its arguments, or
 * what is missing. Pure (no I/O): the vocabulary it matches against is loaded by the caller
 * (core/services/agent/vocabulary.ts). The same text and vocabulary always give the same answer.
 *
 * Rules, in order:
 * 1. The text is folded (each run of white space to one space, lower case, accents removed).
 *    Recognised in this order, each claiming its words: URLs (a `/blog/posts/<slug>` URL gives a slug); "near me" and its kin; a language
 *    ("in Spanish", "español", "English"); `tag X` / `tagged X` / `etiqueta X`; `naics 238220`
 *    (2-6 digits after "naics") and any 6-digit number (NAICS); review counts ("50+ reviews", "at
 *    least 10 reviews": min_reviews); ratings ("4 stars", "4.5+ stars", "rated 4+", "rating of at
 *    least 4", "at least 4.5", "four-star", "4 estrellas": min_rating, 0 to 5); 5-digit ZIP codes
 *    (ZIP+4 kept to 5); set-asides (small business -> SBA, partial small business -> SBP, 8(a) -> 8A,
 *    8(a) sole source -> 8AN, HUBZone -> HZC, service-disabled veteran -> SDVOSBC, veteran-owned ->
 *    VSA, women-owned -> WOSB, economically disadvantaged women-owned -> EDWOSB, or the code itself);
 *    a slug (lower-case words joined by at least two hyphens, not a vocabulary phrase).
 * 2. The remaining words are matched, longest phrase first, against: the skills' cue words; trade
 *    words (the directory's industry keys and labels, the government categories, singular or
 *    plural, plus a synonym table: plumber(s) -> plumbing, electrician -> electrical, AC -> hvac,
 *    limpieza -> cleaning, ...); metro keys and labels ("Austin", "Austin, TX", "Dallas",
 *    "dallas-fort-worth"); US state names (English and Spanish) and two-letter codes (written in
 *    capitals, or after "in"; codes that are also words, IN, OR, ME, LA, DE, ..., only in capitals
 *    after "in"/"en" or a comma); blog category names, only when the message says "category".
 * 3. The skill comes from cue words: business/company/contractor/plumber/electrician/... ->
 *    find-businesses; government/federal/contract/solicitation/bid/RFP/NAICS/set-aside/opportunity
 *    -> find-government-opportunities; blog/article/post/guide -> find-blog-posts;
 *    paid/price/cost/buy/purchase/reference/x402 -> explain-paid-reference. When the message has a
 *    topic ("... about X", "... on X", "... for X", "sobre X") and cue words before it, only those
 *    count: "blog posts about government contracts" is a blog search. Without any cue word, an
 *    argument only one skill takes decides: metro, ZIP, rating, review count or "near me" ->
 *    find-businesses; NAICS or set-aside -> find-government-opportunities; a slug -> read-blog-post.
 *    A slug with "read"/"open"/"leer" or a blog cue -> read-blog-post. Cues of two skills, or none:
 *    `needs`.
 * 4. Arguments. find-businesses: industry, metro, zip, min_rating, min_reviews, and the remaining
 *    words as q. find-government-opportunities: state, naics, set_aside, category (a trade word that
 *    is a government category), the remaining words as keyword. find-blog-posts: q (the remaining
 *    words), category, tag, locale. read-blog-post: slug, locale. explain-paid-reference: none.
 *    Remaining words are those left after cues, stop words ("find", "me", "the", "open", "latest",
 *    "busca", ...) and recognised arguments. Locale: es-US when the message says Spanish, or is in
 *    Spanish (two Spanish function words, or ñ/¿/¡) and does not say English; otherwise en-US.
 * 5. Always `needs` instead of a guess: an argument the chosen skill does not take (a state or
 *    set-aside for find-businesses, a metro, ZIP or rating for find-government-opportunities, ...);
 *    two different values for one argument; an unknown place after "in"/"near" for find-businesses
 *    (any word) or find-government-opportunities (a capitalised word, or a state code written as a
 *    word: "in co"); "near me" without a metro or ZIP; a metro and a state that disagree; a rating
 *    outside 0-5; a negation ("not", "except", "excluding", "sin"); "read the post" (a singular blog
 *    cue with a read verb) without a slug; "category" without a known category; find-businesses
 *    without any argument; search words over 200 characters; an empty message.
 */
export function routeText(written: string, vocabulary: RouterVocabulary): RoutedMessage {
  const text = foldSpaces(written);
  if (text.trim() === '') return { needs: NO_SKILL };
  const message = new Message(text);
  const table = phraseTable(vocabulary);
  recognisePatterns(message);
  recogniseSlugs(message, table);
  const tokens = wordsOf(message);
  recogniseWords(message, tokens, table);
  const items = [...message.items].sort((a, b) => a.start - b.start);

  const negation = tokens.find((token) => !token.item && NEGATIONS.has(token.norm));
  if (negation) {
    return {
      needs:
        `The text router cannot express an exclusion (${quote(negation.raw)}). Rephrase without it, or send a data part ` +
        '{"skill": "<id>", "arguments": {...}} (find-government-opportunities\' keyword takes -word to exclude a word).',
    };
  }

  // Rule 3: cue words before the topic count when there are any; otherwise every cue word does.
  const topicToken = tokens.find((token, position) => position > 0 && !token.item && TOPIC_MARKERS.has(token.norm));
  const cueSkills = (limit: number) =>
    new Set(
      items
        .filter(
          (item) =>
            item.start < limit &&
            item.skill !== undefined &&
            (item.kind === 'cue' || item.kind === 'trade' || item.kind === 'naics'),
        )
        .map((item) => item.skill!),
    );
  let cueLimit = topicToken?.start ?? text.length;
  let cues = cueSkills(cueLimit);
  if (cues.size === 0) {
    cueLimit = text.length;
    cues = cueSkills(cueLimit);
  }
  const readVerb = tokens.some((token) => !token.item && READ_VERBS.has(token.norm));
  const slug = items.find((item) => item.kind === 'slug');

  let skill: RoutableSkill;
  if (cues.size > 1) return { needs: ambiguous(items, cueLimit, [...cues]) };
  if (cues.size === 1) {
    skill = [...cues][0]!;
    if (skill === 'find-blog-posts' && slug) skill = 'read-blog-post';
  } else {
    const implied = new Set(
      items.map((item) => EXCLUSIVE_TO[item.kind]).filter((implied): implied is RoutableSkill => implied !== undefined),
    );
    if (implied.size !== 1)
      return { needs: implied.size === 0 ? NO_SKILL : ambiguous(items, text.length, [...implied]) };
    skill = [...implied][0]!;
  }
  if (skill === 'find-blog-posts' && readVerb) {
    const singular = items.find((item) => item.kind === 'cue' && SINGULAR_BLOG_CUES.has(fold(item.raw)));
    if (singular) {
      return {
        needs:
          'read-blog-post needs the post\'s slug (its URL name, e.g. "read the post how-to-price-hvac-jobs"); ' +
          'find it first with find-blog-posts (q, category, tag, locale).',
      };
    }
  }

  const locale = localeOf(message, tokens, items);
  const mentionsCategory = tokens.some(isCategoryWord);
  // The words no rule took: the search text of the skills that have one.
  const topicFrom = cueLimit;
  const words: Array<{ start: number; raw: string }> = tokens
    .filter((token) => !token.item)
    .filter(
      (token) =>
        !STOP_WORDS.has(token.norm) &&
        !isCategoryWord(token) &&
        !READ_VERBS.has(token.norm) &&
        !TOPIC_MARKERS.has(token.norm) &&
        !PLACE_PREPOSITIONS.has(token.norm),
    )
    .map((token) => ({ start: token.start, raw: token.raw }));
  // Cue words inside the topic are what the topic is about.
  for (const item of items) {
    if (item.kind === 'cue' && item.start >= topicFrom) words.push({ start: item.start, raw: item.raw });
  }

  const problem = unknownPlace(skill, tokens, items, vocabulary);
  if (problem) return { needs: problem };

  const values = new Map<ItemKind, Item[]>();
  for (const item of items) {
    if (item.kind === 'cue' || item.kind === 'ignored') continue;
    if (item.invalid) return { needs: invalidValue(item) };
    if (TAKES[skill].has(item.kind)) {
      values.set(item.kind, [...(values.get(item.kind) ?? []), item]);
      continue;
    }
    const disposition = dispositionOf(skill, item, items, item.start >= topicFrom, vocabulary);
    if (disposition === 'words') words.push({ start: item.start, raw: item.raw });
    else if (disposition !== 'ignore') return { needs: disposition.needs };
  }
  words.sort((a, b) => a.start - b.start);
  const searchText = words.map((word) => word.raw).join(' ');
  if (searchText.length > MAX_SEARCH_TEXT) {
    return {
      needs: `The search words are longer than ${MAX_SEARCH_TEXT} characters; shorten the message or send a data part.`,
    };
  }
  const one = (kind: ItemKind): Item | { needs: string } | undefined => {
    const found = values.get(kind) ?? [];
    const distinct = [...new Set(found.map((item) => String(item.value)))];
    if (distinct.length > 1) {
      return {
        needs:
          `${skill} takes one ${kind === 'trade' ? (skill === 'find-businesses' ? 'industry' : 'category') : (ARGUMENT_NAMES[kind] ?? kind)}, and the message names ${distinct.length}: ` +
          `${found.map((item) => quote(item.raw)).join(', ')}. Ask for one at a time.`,
      };
    }
    return found[0];
  };
  const saidLocale = items.some((item) => item.kind === 'locale');
  return buildArguments(skill, { one, searchText, locale, saidLocale, vocabulary, slug, mentionsCategory });
}
