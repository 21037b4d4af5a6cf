import type { BlogLocale } from '../../blog/locale.ts';
import { SKILL_CUES, type RoutableSkill } from './lexicon-cues.ts';
import { TRADE_PEOPLE, TRADE_SYNONYMS } from './lexicon-filters.ts';
import { phraseOf, type Item, type Message, type Token } from './message.ts';
import type { RouterVocabulary } from './router-vocabulary.ts';
import { AMBIGUOUS_STATE_CODES, US_STATES, US_STATE_CODES } from './us-states.ts';

/** Step 2 of the text router: the message's words matched against the vocabulary's phrases and the state codes. */

export type PhraseEntry =
  | { kind: 'cue'; skill: RoutableSkill }
  | { kind: 'trade'; phrases: readonly string[]; people: boolean }
  | { kind: 'metro'; key: string; state: string | undefined }
  | { kind: 'state'; code: string }
  | { kind: 'blog_category'; category: string; locale: BlogLocale };

/** The longest phrase (in words) the vocabulary match tries. */
const MAX_PHRASE_WORDS = 5;

/** Builds the phrase table of a vocabulary: cue words, trade words, metros, states, blog categories. */
export function phraseTable(vocabulary: RouterVocabulary): Map<string, PhraseEntry[]> {
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

/** Is a two-letter word a state code here? (rule 2: capitals, or after "in"; word-like codes stricter) */
function stateCodeAt(message: Message, tokens: Token[], index: number): string | undefined {
  const token = tokens[index]!;
  if (token.raw.length !== 2 || !/^[a-z]{2}$/i.test(token.raw)) return undefined;
  const code = token.raw.toUpperCase();
  if (!US_STATE_CODES.has(code)) return undefined;
  const previous = tokens[index - 1];
  const afterIn = previous !== undefined && (previous.norm === 'in' || previous.norm === 'en');
  // The text has one space between words (foldSpaces): the comma is at most two characters back.
  const afterComma = /,\s?$/.test(message.text.slice(Math.max(0, token.start - 2), token.start));
  const capitals = token.raw === code;
  if (AMBIGUOUS_STATE_CODES.has(code)) return capitals && (afterIn || afterComma) ? code : undefined;
  return capitals || afterIn ? code : undefined;
}

export const isCategoryWord = (token: Token) => /^categor(?:y|ies|ia|ias)$/.test(token.norm);

/** Step 2: the words matched against the phrase table, longest phrase first. */
export function recogniseWords(message: Message, tokens: Token[], table: Map<string, PhraseEntry[]>): void {
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

/** The first vocabulary value one of a trade item's phrases names (rule 2), or undefined. */
export function matchPhrase(
  item: Item,
  options: ReadonlyArray<{ value: string; phrases: readonly string[] }>,
): string | undefined {
  for (const phrase of item.phrases ?? []) {
    const option = options.find((candidate) => candidate.phrases.some((text) => phraseOf(text) === phrase));
    if (option) return option.value;
  }
  return undefined;
}
