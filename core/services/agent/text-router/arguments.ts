import type { BlogLocale } from '../../blog/locale.ts';
import type { RoutableSkill } from './lexicon-cues.ts';
import { PLACE_ARTICLES, PLACE_PREPOSITIONS, SPANISH_MARKERS, STOP_WORDS, TOPIC_MARKERS } from './lexicon-words.ts';
import type { Item, ItemKind, Message, Token } from './message.ts';
import { directoryNeedsPlace, listed, notTaken, quote } from './needs.ts';
import { matchPhrase } from './phrases.ts';
import type {
  FindBlogPostsArguments,
  FindBusinessesArguments,
  FindGovernmentOpportunitiesArguments,
  RoutedMessage,
} from './routed-message.ts';
import type { RouterVocabulary } from './router-vocabulary.ts';
import { STRUCTURED } from './skill-kinds.ts';
import { US_STATE_CODES } from './us-states.ts';

/**
 * Rules 4 and 5 of the text router: from the chosen skill and what the message holds, the skill's
 * arguments or a `needs`.
 */

/**
 * Rule 5, for an item the chosen skill takes no filter for: its words join the search text
 * ('words'), it is dropped ('ignore': a language for a skill without locale, "near me" next to a
 * metro), or the message needs rephrasing.
 */
export function dispositionOf(
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

export function buildArguments(skill: RoutableSkill, sources: ArgumentSources): RoutedMessage {
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

export function localeOf(message: Message, tokens: Token[], items: Item[]): BlogLocale {
  const said = items.filter((item) => item.kind === 'locale').map((item) => item.value as BlogLocale);
  if (said.length > 0) return said[0]!;
  const markers = new Set(tokens.map((token) => token.norm).filter((word) => SPANISH_MARKERS.has(word)));
  return markers.size >= 2 || /[ñ¿¡]/i.test(message.text) ? 'es-US' : 'en-US';
}

/** Rule 5: a place word after "in"/"near" that no rule recognised. */
export function unknownPlace(
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
