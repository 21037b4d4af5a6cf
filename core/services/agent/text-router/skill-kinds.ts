import type { RoutableSkill } from './lexicon-cues.ts';
import type { ItemKind } from './message.ts';

/** What each skill of the text router takes, by kind of recognised item (rules 3 to 5). */

/** The skill an argument only it takes points to (rule 3, without cue words). */
export const EXCLUSIVE_TO: Partial<Record<ItemKind, RoutableSkill>> = {
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
export const ARGUMENT_NAMES: Partial<Record<ItemKind, string>> = {
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

export const SKILL_ARGUMENTS: Record<RoutableSkill, string> = {
  'find-businesses': 'industry, metro or zip, min_rating, min_reviews, q',
  'find-government-opportunities': 'keyword, state, naics, category, set_aside',
  'find-blog-posts': 'q, category, tag, locale',
  'read-blog-post': 'slug, locale',
  'explain-paid-reference': 'no arguments',
};

/** The kinds each skill takes; textual kinds it does not take become search words, others a `needs`. */
export const TAKES: Record<RoutableSkill, ReadonlySet<ItemKind>> = {
  'find-businesses': new Set(['trade', 'metro', 'zip', 'min_rating', 'min_reviews']),
  'find-government-opportunities': new Set(['trade', 'state', 'naics', 'set_aside']),
  'find-blog-posts': new Set(['locale', 'tag', 'blog_category']),
  'read-blog-post': new Set(['slug', 'locale']),
  'explain-paid-reference': new Set(),
};

/** Structured filters: given to a skill without them, they are a `needs`, never dropped or searched for. */
export const STRUCTURED: ReadonlySet<ItemKind> = new Set([
  'metro',
  'zip',
  'min_rating',
  'min_reviews',
  'naics',
  'set_aside',
]);
