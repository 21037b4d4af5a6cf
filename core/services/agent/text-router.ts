import type { BlogLocale } from '../blog/locale.ts';
import {
  NEAR_ME_PATTERN,
  NEGATIONS,
  NUMBER_WORDS,
  PLACE_ARTICLES,
  PLACE_PREPOSITIONS,
  READ_VERBS,
  SET_ASIDE_PATTERNS,
  SINGULAR_BLOG_CUES,
  SKILL_CUES,
  SPANISH_MARKERS,
  STOP_WORDS,
  TOPIC_MARKERS,
  TRADE_PEOPLE,
  TRADE_SYNONYMS,
  type RoutableSkill,
} from './text-router-lexicon.ts';
import { AMBIGUOUS_STATE_CODES, US_STATES, US_STATE_CODES } from './us-states.ts';

/**
 * The deterministic text router: a user's or agent's free text -> one skill and its arguments, or
 * what is missing. Pure (no I/O): the vocabulary it matches against is loaded by the caller
 * (core/services/agent/vocabulary.ts). The same text and vocabulary always give the same answer.
 *
 * Rules, in order:
 * 1. The text is folded (lower case, accents removed). Recognised in this order, each claiming its
 *    words: URLs (a `/blog/posts/<slug>` URL gives a slug); "near me" and its kin; a language
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
export interface RouterVocabulary {
  /** The directory's industries (filter-options). */
  industries: ReadonlyArray<{ key: string; label: string }>;
  /** The directory's metro areas (filter-options); labels end in ", <state code>". */
  metros: ReadonlyArray<{ key: string; label: string }>;
  /** The `category` values of the active government opportunities. */
  governmentCategories: readonly string[];
  /** The blog's categories per locale. */
  blogCategories: ReadonlyArray<{ locale: BlogLocale; category: string }>;
}

interface FindBusinessesArguments {
  industry?: string;
  metro?: string;
  zip?: string;
  min_rating?: number;
  min_reviews?: number;
  q?: string;
}
interface FindGovernmentOpportunitiesArguments {
  keyword?: string;
  state?: string;
  naics?: string;
  category?: string;
  set_aside?: string;
}
interface FindBlogPostsArguments {
  q?: string;
  category?: string;
  tag?: string;
  locale: BlogLocale;
}
interface ReadBlogPostArguments {
  slug: string;
  locale: BlogLocale;
}

export type RoutedMessage =
  | { skill: 'find-businesses'; arguments: FindBusinessesArguments }
  | { skill: 'find-government-opportunities'; arguments: FindGovernmentOpportunitiesArguments }
  | { skill: 'find-blog-posts'; arguments: FindBlogPostsArguments }
  | { skill: 'read-blog-post'; arguments: ReadBlogPostArguments }
  | { skill: 'explain-paid-reference'; arguments: Record<string, never> }
  | { needs: string };

/** The longest search text the list procedures take (`q`, `keyword`). */
const MAX_SEARCH_TEXT = 200;
/** The longest phrase (in words) the vocabulary match tries. */
const MAX_PHRASE_WORDS = 5;
/** How many vocabulary values a `needs` message lists as examples. */
const LISTED_VALUES = 8;

const NO_SKILL =
  'I could not tell which skill this is for. Say what you want, for example: find-businesses ("plumbers in Austin ' +
  'rated 4 stars or better": industry, metro or zip, min_rating), find-government-opportunities ("federal janitorial ' +
  'contracts in Texas": keyword, state, naics, set_aside), find-blog-posts ("blog posts about pricing": q, category, ' +
  'tag, locale), read-blog-post ("read the post <slug>": slug) or explain-paid-reference ("how do I buy the paid ' +
  'reference?"); or send a data part {"skill": "<id>", "arguments": {...}}.';

type ItemKind =
  | 'cue'
  | 'trade'
  | 'metro'
  | 'state'
  | 'zip'
  | 'naics'
  | 'set_aside'
  | 'min_rating'
  | 'min_reviews'
  | 'near_me'
  | 'locale'
  | 'tag'
  | 'blog_category'
  | 'slug'
  | 'ignored';

/** Something recognised in the message, with where it was (character offsets of the original text). */
interface Item {
  kind: ItemKind;
  value: string | number;
  start: number;
  end: number;
  /** The words as written. */
  raw: string;
  skill?: RoutableSkill;
  /** Trade items: the vocabulary phrases the words may stand for, in order of preference. */
  phrases?: readonly string[];
  /** A rating or review count that could not be a filter value (e.g. "7 stars"). */
  invalid?: boolean;
}

interface Token {
  norm: string;
  raw: string;
  start: number;
  end: number;
  item?: Item;
}

type PhraseEntry =
  | { kind: 'cue'; skill: RoutableSkill }
  | { kind: 'trade'; phrases: readonly string[]; people: boolean }
  | { kind: 'metro'; key: string; state: string | undefined }
  | { kind: 'state'; code: string }
  | { kind: 'blog_category'; category: string; locale: BlogLocale };

/**
 * Lower case without accents, one output character per input UTF-16 unit, so offsets found in the
 * folded text are offsets of the original.
 */
function fold(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const base = char
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    out += base.length === 1 ? base : char;
  }
  return out.replace(/[’‘]/g, "'");
}

/** A vocabulary phrase or message words as the phrase matcher compares them: folded words separated by one space. */
function phraseOf(text: string): string {
  return fold(text)
    .replace(/&/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Builds the phrase table of a vocabulary: cue words, trade words, metros, states, blog categories. */
function phraseTable(vocabulary: RouterVocabulary): Map<string, PhraseEntry[]> {
  const table = new Map<string, PhraseEntry[]>();
  const add = (phrase: string, entry: PhraseEntry) => {
    const key = phraseOf(phrase);
    if (key === '') return;
    const entries = table.get(key) ?? [];
    table.set(key, entries);
    const same = entries.find((existing) => existing.kind === entry.kind);
    if (same?.kind === 'trade' && entry.kind === 'trade') {
      // One trade per phrase: "cleaning" is the directory's industry and, failing that, janitorial.
      const merged: PhraseEntry = {
        kind: 'trade',
        phrases: [...new Set([...same.phrases, ...entry.phrases])],
        people: same.people || entry.people,
      };
      entries.splice(entries.indexOf(same), 1, merged);
    } else if (!same || JSON.stringify(same) !== JSON.stringify(entry)) {
      entries.push(entry);
    }
  };
  for (const [skill, cues] of Object.entries(SKILL_CUES) as Array<[RoutableSkill, readonly string[]]>) {
    for (const cue of cues) add(cue, { kind: 'cue', skill });
  }
  const tradePhrases = [
    ...vocabulary.industries.flatMap(({ key, label }) => [phraseOf(key), phraseOf(label)]),
    ...vocabulary.governmentCategories.map((category) => phraseOf(category)),
  ];
  for (const phrase of new Set(tradePhrases)) {
    for (const form of [phrase, `${phrase}s`, `${phrase}es`])
      add(form, { kind: 'trade', phrases: [phrase], people: false });
  }
  for (const [words, phrases] of TRADE_SYNONYMS) {
    for (const word of words) add(word, { kind: 'trade', phrases, people: TRADE_PEOPLE.has(word) });
  }
  for (const { key, label } of vocabulary.metros) {
    const state = /,\s*([A-Z]{2})\s*$/.exec(label)?.[1];
    const city = label.replace(/,\s*[A-Z]{2}\s*$/, '');
    const entry: PhraseEntry = { kind: 'metro', key, state };
    for (const form of [key, label, city]) add(form, entry);
    // "Dallas" and "Fort Worth" alone name Dallas-Fort Worth.
    if (city.includes('-')) for (const part of city.split('-')) if (part.trim().length >= 4) add(part, entry);
  }
  for (const [code, ...names] of US_STATES) for (const name of names) add(name, { kind: 'state', code });
  for (const { locale, category } of vocabulary.blogCategories) {
    add(category, { kind: 'blog_category', category, locale });
    if (category.includes('&')) {
      add(category.replace(/&/g, locale === 'es-US' ? ' y ' : ' and '), { kind: 'blog_category', category, locale });
    }
  }
  return table;
}

/** The message being routed: its text, its folded copy and the offsets already claimed. */
class Message {
  readonly folded: string;
  readonly items: Item[] = [];
  private readonly claimed: boolean[];

  constructor(readonly text: string) {
    this.folded = fold(text);
    this.claimed = new Array<boolean>(text.length).fill(false);
  }

  isFree(start: number, end: number): boolean {
    for (let index = start; index < end; index++) if (this.claimed[index]) return false;
    return true;
  }

  claim(item: Omit<Item, 'raw'>): Item {
    for (let index = item.start; index < item.end; index++) this.claimed[index] = true;
    const full = { ...item, raw: this.text.slice(item.start, item.end) };
    this.items.push(full);
    return full;
  }

  /** Claims each free match of a global pattern (on the folded text) as what `toItem` makes of it. */
  claimAll(pattern: RegExp, toItem: (match: RegExpExecArray) => Omit<Item, 'start' | 'end' | 'raw'> | undefined): void {
    for (const match of this.folded.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0].trim() === '' || !this.isFree(start, end)) continue;
      const item = toItem(match);
      if (item) this.claim({ ...item, start, end });
    }
  }

  /** The folded text with claimed offsets blanked. */
  unclaimedFolded(): string {
    let out = '';
    for (let index = 0; index < this.folded.length; index++) out += this.claimed[index] ? ' ' : this.folded[index];
    return out;
  }
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const STARS = String.raw`(?:stars?|estrellas?)`;
const OR_BETTER = String.raw`(?:\s+(?:or (?:better|more|higher|above|up|over)|and (?:up|above|higher)|plus|o mas|(?:y|o) (?:mas|superior(?:es)?)))?`;
const AT_LEAST = String.raw`(?:at least|of at least|minimum(?: of)?|min|over|above|more than|>=|>|al menos|por lo menos|minimo(?: de)?|mas de|de)`;

const RATING_PATTERNS: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:rated|rating(?: of)?|with a rating of|calificacion(?: de)?|calificad[oa]s?(?: con)?|valorad[oa]s?(?: con)?)\s+(?:${AT_LEAST}\s+)?${NUMBER}\s*\+?(?:\s*(?:/\s*5|out of 5|de 5))?(?:\s*${STARS})?${OR_BETTER}`,
    'g',
  ),
  new RegExp(String.raw`\b${NUMBER}\s*\+?\s*-?\s*(?:rated|rating|calificacion)\b`, 'g'),
  new RegExp(String.raw`(?:\b${AT_LEAST}\s+)?\b${NUMBER}\s*\+?\s*-?\s*${STARS}${OR_BETTER}`, 'g'),
  /\b(?:at least|al menos)\s+(\d(?:[.,]\d)?)(?=\s*$|\s*[,.;!?)]|\s+(?:in|near|en|and|y|with|con|around)\b)/g,
];
const REVIEWS_PATTERN = new RegExp(
  String.raw`\b(?:(at least|minimum(?: of)?|min|over|more than|above|al menos|minimo(?: de)?|mas de)\s+)?(\d{1,10})\s*\+?\s*(?:reviews?|resenas?|opiniones|valoraciones)\b(?:\s+(?:or more|and up|o mas))?`,
  'g',
);

/** A number as written ("4", "4.5", "4,5", "four") -> its value. */
function numberValue(written: string): number {
  return NUMBER_WORDS[written] ?? Number(written.replace(',', '.'));
}

/** Step 1: what patterns recognise, before the words are matched. */
function recognisePatterns(message: Message): void {
  message.claimAll(/\bhttps?:\/\/[^\s<>"]+/g, (match) => {
    const slug = /\/blog\/posts\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:[/?#]|$)/.exec(match[0])?.[1];
    return slug ? { kind: 'slug', value: slug } : { kind: 'ignored', value: match[0] };
  });
  message.claimAll(NEAR_ME_PATTERN, () => ({ kind: 'near_me', value: 'near me' }));
  message.claimAll(/\b(?:(?:in|en) )?(?:spanish|espanol|castellano)\b/g, () => ({ kind: 'locale', value: 'es-US' }));
  message.claimAll(/\b(?:(?:in|en) )?(?:english|ingles)\b/g, () => ({ kind: 'locale', value: 'en-US' }));
  message.claimAll(
    /\b(?:tagged(?: with| as)?|with (?:the )?tag|tags?|etiquetad[oa]s?(?: con| como)?|con (?:la )?etiqueta|etiqueta)\s*[:#]?\s*["'“]?([a-z0-9][a-z0-9-]{0,99})["'”]?/g,
    (match) => ({ kind: 'tag', value: match[1]! }),
  );
  message.claimAll(/\bnaics(?: codes?| codigos?)?\s*[:#]?\s*(\d{2,6})\b/g, (match) => ({
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
function recogniseSlugs(message: Message, table: Map<string, PhraseEntry[]>): void {
  const free = message.unclaimedFolded();
  for (const match of free.matchAll(/(?<![\p{L}\p{N}-])[a-z0-9]+(?:-[a-z0-9]+){2,}(?![\p{L}\p{N}-])/gu)) {
    if (table.has(match[0].replace(/-/g, ' '))) continue;
    message.claim({ kind: 'slug', value: match[0], start: match.index, end: match.index + match[0].length });
  }
}

/** The unclaimed words of the message, in order. */
function wordsOf(message: Message): Token[] {
  const free = message.unclaimedFolded();
  return [...free.matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu)].map((match) => ({
    norm: match[0],
    raw: message.text.slice(match.index, match.index + match[0].length),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Is a two-letter word a state code here? (rule 2: capitals, or after "in"; word-like codes stricter) */
function stateCodeAt(message: Message, tokens: Token[], index: number): string | undefined {
  const token = tokens[index]!;
  if (token.raw.length !== 2 || !/^[a-z]{2}$/i.test(token.raw)) return undefined;
  const code = token.raw.toUpperCase();
  if (!US_STATE_CODES.has(code)) return undefined;
  const previous = tokens[index - 1];
  const afterIn = previous !== undefined && (previous.norm === 'in' || previous.norm === 'en');
  const afterComma = /,\s*$/.test(message.text.slice(0, token.start));
  const capitals = token.raw === code;
  if (AMBIGUOUS_STATE_CODES.has(code)) return capitals && (afterIn || afterComma) ? code : undefined;
  return capitals || afterIn ? code : undefined;
}

const isCategoryWord = (token: Token) => /^categor(?:y|ies|ia|ias)$/.test(token.norm);

/** Step 2: the words matched against the phrase table, longest phrase first. */
function recogniseWords(message: Message, tokens: Token[], table: Map<string, PhraseEntry[]>): void {
  const mentionsCategory = tokens.some(isCategoryWord);
  let index = 0;
  while (index < tokens.length) {
    const code = stateCodeAt(message, tokens, index);
    if (code) {
      const token = tokens[index]!;
      token.item = message.claim({ kind: 'state', value: code, start: token.start, end: token.end });
      index++;
      continue;
    }
    let matched = false;
    for (let length = Math.min(MAX_PHRASE_WORDS, tokens.length - index); length >= 1 && !matched; length--) {
      const words = tokens.slice(index, index + length);
      const entries = (table.get(words.map((token) => token.norm).join(' ')) ?? []).filter(
        (entry) => entry.kind !== 'blog_category' || mentionsCategory,
      );
      if (entries.length === 0) continue;
      const start = words[0]!.start;
      const end = words[words.length - 1]!.end;
      for (const entry of entries) {
        const item = message.claim(itemOf(entry, start, end));
        for (const token of words) token.item ??= item;
      }
      index += length;
      matched = true;
    }
    if (!matched) index++;
  }
}

function itemOf(entry: PhraseEntry, start: number, end: number): Omit<Item, 'raw'> {
  switch (entry.kind) {
    case 'cue':
      return { kind: 'cue', value: entry.skill, skill: entry.skill, start, end };
    case 'trade':
      return {
        kind: 'trade',
        value: entry.phrases[0]!,
        phrases: entry.phrases,
        skill: entry.people ? 'find-businesses' : undefined,
        start,
        end,
      };
    case 'metro':
      return { kind: 'metro', value: entry.key, phrases: entry.state ? [entry.state] : [], start, end };
    case 'state':
      return { kind: 'state', value: entry.code, start, end };
    case 'blog_category':
      return { kind: 'blog_category', value: entry.category, phrases: [entry.locale], start, end };
  }
}

/** The skill an argument only it takes points to (rule 3, without cue words). */
const EXCLUSIVE_TO: Partial<Record<ItemKind, RoutableSkill>> = {
  metro: 'find-businesses',
  zip: 'find-businesses',
  min_rating: 'find-businesses',
  min_reviews: 'find-businesses',
  near_me: 'find-businesses',
  naics: 'find-government-opportunities',
  set_aside: 'find-government-opportunities',
  slug: 'read-blog-post',
};

/** What each skill calls its filters, for the `needs` messages. */
const ARGUMENT_NAMES: Partial<Record<ItemKind, string>> = {
  metro: 'metro',
  zip: 'zip',
  min_rating: 'min_rating',
  min_reviews: 'min_reviews',
  near_me: 'a place ("near me")',
  state: 'state',
  naics: 'naics',
  set_aside: 'set_aside',
  tag: 'tag',
  blog_category: 'category',
};

const SKILL_ARGUMENTS: Record<RoutableSkill, string> = {
  'find-businesses': 'industry, metro or zip, min_rating, min_reviews, q',
  'find-government-opportunities': 'keyword, state, naics, category, set_aside',
  'find-blog-posts': 'q, category, tag, locale',
  'read-blog-post': 'slug, locale',
  'explain-paid-reference': 'no arguments',
};

/** The kinds each skill takes; textual kinds it does not take become search words, others a `needs`. */
const TAKES: Record<RoutableSkill, ReadonlySet<ItemKind>> = {
  'find-businesses': new Set(['trade', 'metro', 'zip', 'min_rating', 'min_reviews']),
  'find-government-opportunities': new Set(['trade', 'state', 'naics', 'set_aside']),
  'find-blog-posts': new Set(['locale', 'tag', 'blog_category']),
  'read-blog-post': new Set(['slug', 'locale']),
  'explain-paid-reference': new Set(),
};
const quote = (text: string) => `"${text.trim()}"`;
const listed = (values: readonly string[]) =>
  values.slice(0, LISTED_VALUES).join(', ') + (values.length > LISTED_VALUES ? ', ...' : '');

/** Routes one message. Pure: see the rules above. */
export function routeText(text: string, vocabulary: RouterVocabulary): RoutedMessage {
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

/** Structured filters: given to a skill without them, they are a `needs`, never dropped or searched for. */
const STRUCTURED: ReadonlySet<ItemKind> = new Set(['metro', 'zip', 'min_rating', 'min_reviews', 'naics', 'set_aside']);

/**
 * Rule 5, for an item the chosen skill takes no filter for: its words join the search text
 * ('words'), it is dropped ('ignore': a language for a skill without locale, "near me" next to a
 * metro), or the message needs rephrasing.
 */
function dispositionOf(
  skill: RoutableSkill,
  item: Item,
  items: readonly Item[],
  inTopic: boolean,
  vocabulary: RouterVocabulary,
): 'words' | 'ignore' | { needs: string } {
  if (item.kind === 'near_me') {
    if (skill !== 'find-businesses') return 'ignore';
    const placed = items.some((other) => other.kind === 'metro' || other.kind === 'zip');
    return placed ? 'ignore' : { needs: directoryNeedsPlace(vocabulary, `"${item.raw.trim()}" (where the user is)`) };
  }
  if (item.kind === 'state' && skill === 'find-businesses') {
    const metro = items.find((other) => other.kind === 'metro');
    if (!metro) return { needs: directoryNeedsPlace(vocabulary, `a state (${quote(item.raw)})`) };
    if (metro.phrases?.includes(String(item.value))) return 'ignore';
    return {
      needs: `The metro ${quote(metro.raw)} (${metro.value}) is not in ${quote(item.raw)}: say which place you mean (find-businesses: metro or zip).`,
    };
  }
  if (skill === 'read-blog-post' || skill === 'explain-paid-reference') {
    return STRUCTURED.has(item.kind) ? { needs: notTaken(skill, item) } : 'ignore';
  }
  if (item.kind === 'locale') return skill === 'find-businesses' ? 'words' : 'ignore';
  if (skill === 'find-blog-posts') {
    const placeOrTopic = item.kind === 'metro' || item.kind === 'state' || inTopic;
    return STRUCTURED.has(item.kind) && !placeOrTopic ? { needs: notTaken(skill, item) } : 'words';
  }
  if (item.kind === 'metro' && skill === 'find-government-opportunities') {
    return {
      needs:
        `find-government-opportunities filters by US state, not by metro area (${quote(item.raw)}): name the state ` +
        '(e.g. "in Texas" or "TX"); find-businesses is the skill that takes a metro.',
    };
  }
  return STRUCTURED.has(item.kind) ? { needs: notTaken(skill, item) } : 'words';
}

interface ArgumentSources {
  one: (kind: ItemKind) => Item | { needs: string } | undefined;
  searchText: string;
  locale: BlogLocale;
  saidLocale: boolean;
  vocabulary: RouterVocabulary;
  slug: Item | undefined;
  mentionsCategory: boolean;
}

const isNeeds = (value: Item | { needs: string } | undefined): value is { needs: string } =>
  value !== undefined && 'needs' in value;

function buildArguments(skill: RoutableSkill, sources: ArgumentSources): RoutedMessage {
  const { one, searchText, locale, vocabulary } = sources;
  const kinds: ItemKind[] = [
    'trade',
    'metro',
    'zip',
    'min_rating',
    'min_reviews',
    'state',
    'naics',
    'set_aside',
    'tag',
    'blog_category',
    'slug',
  ];
  const found: Partial<Record<ItemKind, Item>> = {};
  for (const kind of kinds) {
    const value = one(kind);
    if (isNeeds(value)) return value;
    if (value) found[kind] = value;
  }
  switch (skill) {
    case 'find-businesses': {
      const args: FindBusinessesArguments = {};
      const words = [searchText];
      if (found.trade) {
        const industry = matchPhrase(
          found.trade,
          vocabulary.industries.map(({ key, label }) => ({ value: key, phrases: [key, label] })),
        );
        if (industry) args.industry = industry;
        else words.unshift(found.trade.raw);
      }
      if (found.metro) args.metro = String(found.metro.value);
      if (found.zip) args.zip = String(found.zip.value);
      if (found.min_rating) args.min_rating = Number(found.min_rating.value);
      if (found.min_reviews) args.min_reviews = Number(found.min_reviews.value);
      const q = words.filter((word) => word !== '').join(' ');
      if (q !== '') args.q = q;
      if (Object.keys(args).length === 0) {
        return {
          needs:
            `find-businesses needs at least one of industry (${listed(vocabulary.industries.map(({ key }) => key))}), ` +
            `metro (${listed(vocabulary.metros.map(({ key }) => key))}) or zip (5 digits), e.g. "plumbers in Austin".`,
        };
      }
      return { skill, arguments: args };
    }
    case 'find-government-opportunities': {
      const args: FindGovernmentOpportunitiesArguments = {};
      const words = [searchText];
      if (found.trade) {
        const category = matchPhrase(
          found.trade,
          vocabulary.governmentCategories.map((value) => ({ value, phrases: [value] })),
        );
        if (category) args.category = category;
        else words.unshift(found.trade.raw);
      }
      if (found.state) args.state = String(found.state.value);
      if (found.naics) args.naics = String(found.naics.value);
      if (found.set_aside) args.set_aside = String(found.set_aside.value);
      const keyword = words.filter((word) => word !== '').join(' ');
      if (keyword !== '') args.keyword = keyword;
      return { skill, arguments: args };
    }
    case 'find-blog-posts': {
      const args: FindBlogPostsArguments = { locale };
      if (found.blog_category) {
        // A category belongs to one locale: it decides the locale unless the message said another.
        const categoryLocale = found.blog_category.phrases![0] as BlogLocale;
        if (sources.saidLocale && categoryLocale !== locale) {
          return {
            needs: `The blog category ${quote(found.blog_category.raw)} is a ${categoryLocale} category, not ${locale}.`,
          };
        }
        args.locale = categoryLocale;
        args.category = String(found.blog_category.value);
      } else if (sources.mentionsCategory) {
        const names = vocabulary.blogCategories
          .filter((category) => category.locale === locale)
          .map(({ category }) => category);
        return {
          needs: `find-blog-posts: the message names no ${locale} blog category I know; the categories are ${listed(names)}.`,
        };
      }
      if (found.tag) args.tag = String(found.tag.value).toLowerCase();
      if (searchText !== '') args.q = searchText;
      return { skill, arguments: args };
    }
    case 'read-blog-post': {
      if (!sources.slug)
        return { needs: 'read-blog-post needs the post\'s slug (e.g. "read the post how-to-price-hvac-jobs").' };
      return { skill, arguments: { slug: String(sources.slug.value).toLowerCase(), locale } };
    }
    case 'explain-paid-reference':
      return { skill, arguments: {} };
  }
}

/** The first vocabulary value one of a trade item's phrases names (rule 2), or undefined. */
function matchPhrase(
  item: Item,
  options: ReadonlyArray<{ value: string; phrases: readonly string[] }>,
): string | undefined {
  for (const phrase of item.phrases ?? []) {
    const option = options.find((candidate) => candidate.phrases.some((text) => phraseOf(text) === phrase));
    if (option) return option.value;
  }
  return undefined;
}

function localeOf(message: Message, tokens: Token[], items: Item[]): BlogLocale {
  const said = items.filter((item) => item.kind === 'locale').map((item) => item.value as BlogLocale);
  if (said.length > 0) return said[0]!;
  const markers = new Set(tokens.map((token) => token.norm).filter((word) => SPANISH_MARKERS.has(word)));
  return markers.size >= 2 || /[ñ¿¡]/i.test(message.text) ? 'es-US' : 'en-US';
}

/** Rule 5: a place word after "in"/"near" that no rule recognised. */
function unknownPlace(
  skill: RoutableSkill,
  tokens: Token[],
  items: readonly Item[],
  vocabulary: RouterVocabulary,
): string | undefined {
  if (skill !== 'find-businesses' && skill !== 'find-government-opportunities') return undefined;
  for (let index = 0; index < tokens.length - 1; index++) {
    const preposition = tokens[index]!;
    if (preposition.item || !PLACE_PREPOSITIONS.has(preposition.norm)) continue;
    let next = index + 1;
    while (next < tokens.length && !tokens[next]!.item && PLACE_ARTICLES.has(tokens[next]!.norm)) next++;
    const place = tokens[next];
    if (!place || place.item || STOP_WORDS.has(place.norm) || TOPIC_MARKERS.has(place.norm)) continue;
    // Something a pattern recognised (a ZIP code, a rating) stands between: that was the place.
    if (items.some((item) => item.start >= preposition.end && item.end <= place.start)) continue;
    if (skill === 'find-businesses') return directoryNeedsPlace(vocabulary, quote(place.raw));
    // A capitalised word, or a state code that is also a word ("in co"): a place, but not one the filter takes.
    if (/^\p{Lu}/u.test(place.raw) || US_STATE_CODES.has(place.raw.toUpperCase())) {
      return (
        `find-government-opportunities filters by US state, and ${quote(place.raw)} is not one I know: name the state ` +
        `(e.g. "in Texas" or "TX"), or say "about ${place.raw}" to search for the word.`
      );
    }
  }
  return undefined;
}

function directoryNeedsPlace(vocabulary: RouterVocabulary, what: string): string {
  const metros = vocabulary.metros.length
    ? `a metro (${listed(vocabulary.metros.map(({ key }) => key))})`
    : 'a metro area once the directory lists some (it lists none yet)';
  return (
    `find-businesses filters by metro area or ZIP code, and ${what} is not one it knows: name ${metros} ` +
    `or a 5-digit ZIP code.`
  );
}

function notTaken(skill: RoutableSkill, item: Item): string {
  const name = ARGUMENT_NAMES[item.kind] ?? item.kind;
  const owner = EXCLUSIVE_TO[item.kind] ?? (item.kind === 'state' ? 'find-government-opportunities' : undefined);
  return (
    `${skill} does not take ${name} (${quote(item.raw)}); it takes ${SKILL_ARGUMENTS[skill]}.` +
    (owner && owner !== skill ? ` ${name} is an argument of ${owner}: say which skill you want.` : '')
  );
}

function invalidValue(item: Item): string {
  return item.kind === 'min_rating'
    ? `min_rating is a rating from 0 to 5, and ${quote(item.raw)} is not one.`
    : `min_reviews is a whole number up to 2147483647, and ${quote(item.raw)} is not one.`;
}

function ambiguous(items: Item[], limit: number, skills: RoutableSkill[]): string {
  const evidence = skills.map((skill) => {
    const words = items
      .filter((item) => item.start < limit && (item.skill === skill || EXCLUSIVE_TO[item.kind] === skill))
      .map((item) => quote(item.raw));
    return `${skill} (${[...new Set(words)].join(', ')})`;
  });
  return (
    `This message could be for ${evidence.join(' or ')}. Ask for one at a time, or send a data part ` +
    '{"skill": "<id>", "arguments": {...}}.'
  );
}
