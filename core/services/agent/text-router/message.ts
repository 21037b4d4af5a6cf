import type { RoutableSkill } from './lexicon-cues.ts';

/**
 * The message model of the text router: what it recognises (items), its words (tokens) and the
 * folding they are compared in.
 */

export type ItemKind =
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
export interface Item {
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

export interface Token {
  norm: string;
  raw: string;
  start: number;
  end: number;
  item?: Item;
}

/**
 * Lower case without accents, one output character per input UTF-16 unit, so offsets found in the
 * folded text are offsets of the original.
 */
export function fold(text: string): string {
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

/**
 * One space for each run of white space (tabs, line breaks, no-break spaces): the patterns then
 * never meet a run that neighbouring quantifiers could split many ways (issue 27), and what they
 * recognise does not depend on how the message was spaced. Runs before everything else.
 */
export function foldSpaces(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** A vocabulary phrase or message words as the phrase matcher compares them: folded words separated by one space. */
export function phraseOf(text: string): string {
  return fold(text)
    .replace(/&/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The message being routed: its text, its folded copy and the offsets already claimed. */
export class Message {
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

/** The unclaimed words of the message, in order. */
export function wordsOf(message: Message): Token[] {
  const free = message.unclaimedFolded();
  return [...free.matchAll(/[\p{L}\p{N}]+(?:'\p{L}+)?/gu)].map((match) => ({
    norm: match[0],
    raw: message.text.slice(match.index, match.index + match[0].length),
    start: match.index,
    end: match.index + match[0].length,
  }));
}
