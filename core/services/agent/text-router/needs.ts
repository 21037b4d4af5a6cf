import type { RoutableSkill } from './lexicon-cues.ts';
import type { Item } from './message.ts';
import type { RouterVocabulary } from './router-vocabulary.ts';
import { ARGUMENT_NAMES, EXCLUSIVE_TO, SKILL_ARGUMENTS } from './skill-kinds.ts';

/** The text router's `needs` messages: what it says instead of guessing (rule 5). */

/** How many vocabulary values a `needs` message lists as examples. */
const LISTED_VALUES = 8;

export const NO_SKILL =
  'I could not tell which skill this is for. Say what you want, for example: find-businesses ("plumbers in Austin ' +
  'rated 4 stars or better": industry, metro or zip, min_rating), find-government-opportunities ("federal janitorial ' +
  'contracts in Texas": keyword, state, naics, set_aside), find-blog-posts ("blog posts about pricing": q, category, ' +
  'tag, locale), read-blog-post ("read the post <slug>": slug) or explain-paid-reference ("how do I buy the paid ' +
  'reference?"); or send a data part {"skill": "<id>", "arguments": {...}}.';

export const quote = (text: string) => `"${text.trim()}"`;
export const listed = (values: readonly string[]) =>
  values.slice(0, LISTED_VALUES).join(', ') + (values.length > LISTED_VALUES ? ', ...' : '');

export function directoryNeedsPlace(vocabulary: RouterVocabulary, what: string): string {
  const metros = vocabulary.metros.length
    ? `a metro (${listed(vocabulary.metros.map(({ key }) => key))})`
    : 'a metro area once the directory lists some (it lists none yet)';
  return (
    `find-businesses filters by metro area or ZIP code, and ${what} is not one it knows: name ${metros} ` +
    `or a 5-digit ZIP code.`
  );
}

export function notTaken(skill: RoutableSkill, item: Item): string {
  const name = ARGUMENT_NAMES[item.kind] ?? item.kind;
  const owner = EXCLUSIVE_TO[item.kind] ?? (item.kind === 'state' ? 'find-government-opportunities' : undefined);
  return (
    `${skill} does not take ${name} (${quote(item.raw)}); it takes ${SKILL_ARGUMENTS[skill]}.` +
    (owner && owner !== skill ? ` ${name} is an argument of ${owner}: say which skill you want.` : '')
  );
}

export function invalidValue(item: Item): string {
  return item.kind === 'min_rating'
    ? `min_rating is a rating from 0 to 5, and ${quote(item.raw)} is not one.`
    : `min_reviews is a whole number up to 2147483647, and ${quote(item.raw)} is not one.`;
}

export function ambiguous(items: Item[], limit: number, skills: RoutableSkill[]): string {
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
