import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml';
import { closestName } from '../../../core/errors/closest-name.ts';

/** One problem in one file, at a line of that file (1-based). */
export interface FileProblem {
  line: number;
  message: string;
}

const FRONT_MATTER_KEYS = [
  'title',
  'slug',
  'locale',
  'category',
  'tags',
  'author',
  'excerpt',
  'meta_description',
  'published_at',
  'cover',
] as const;
type FrontMatterKey = (typeof FRONT_MATTER_KEYS)[number];

export interface FrontMatterValue {
  /** A string, a list of strings (tags), or null for an empty value. */
  value: string | string[] | null;
  line: number;
}

export interface SplitPost {
  /** The front matter's keys with their values and lines. */
  fields: Partial<Record<FrontMatterKey, FrontMatterValue>>;
  /** The Markdown after the front matter. */
  body: string;
  /** The file line the body starts on. */
  bodyLine: number;
}

const isFrontMatterKey = (key: string): key is FrontMatterKey => (FRONT_MATTER_KEYS as readonly string[]).includes(key);

/** The line that closes the front matter: `---` (or YAML's `...`), trailing blanks allowed. */
const isFence = (line: string, closing: boolean) => {
  const trimmed = line.trimEnd();
  return trimmed === '---' || (closing && trimmed === '...');
};

/** A scalar's text: strings as they are, numbers and booleans as written (`title: 1984`), null for empty. */
function scalarText(node: Node | null): string | null | undefined {
  if (node === null) return null;
  if (!isScalar(node)) return undefined;
  if (node.value === null) return null;
  if (typeof node.value === 'string') return node.value;
  if (typeof node.value === 'number' || typeof node.value === 'boolean') return node.source ?? String(node.value);
  return undefined;
}

function pairValue(pair: Pair, key: FrontMatterKey): string | string[] | null | undefined {
  const node = pair.value as Node | null;
  if (key === 'tags' && isSeq(node)) {
    const items = node.items.map((item) => scalarText(item as Node | null));
    return items.every((item): item is string => typeof item === 'string') ? items : undefined;
  }
  return scalarText(node);
}

/**
 * Splits a file into its front matter (a YAML mapping between two `---` lines at the very top) and
 * its Markdown body. Each problem is named with its file line: a YAML error where YAML found it,
 * an unknown key (with the closest known one) or a value of the wrong shape at its key.
 */
export function splitFrontMatter(text: string): { post?: SplitPost; problems: FileProblem[] } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = source.split('\n');
  if (!isFence(lines[0] ?? '', false)) {
    return {
      problems: [{ line: 1, message: 'no front matter: a post starts with a line "---", its keys, and "---"' }],
    };
  }
  const close = lines.findIndex((line, index) => index > 0 && isFence(line, true));
  if (close < 0) return { problems: [{ line: 1, message: 'the front matter is not closed by a line "---"' }] };

  const lineCounter = new LineCounter();
  const yamlText = lines.slice(1, close).join('\n');
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: true });
  // YAML line 1 is file line 2.
  const fileLine = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line + 1);
  const problems: FileProblem[] = document.errors.map((error) => ({
    line: (error.linePos?.[0].line ?? 0) + 1,
    message: `front matter: ${(error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:$/, '')}`,
  }));
  // The blank lines between the front matter and the text are not part of the body.
  let first = close + 1;
  while (first < lines.length && lines[first]!.trim() === '') first += 1;
  const body = lines.slice(first).join('\n').trimEnd();
  const bodyLine = first + 1;
  if (problems.length > 0) return { problems };
  if (document.contents === null) return { post: { fields: {}, body, bodyLine }, problems };
  if (!isMap(document.contents)) {
    return { problems: [{ line: 2, message: 'the front matter must be keys with values ("title: ...")' }] };
  }

  const fields: SplitPost['fields'] = {};
  for (const pair of document.contents.items) {
    const keyNode = pair.key as Node | null;
    const key = scalarText(keyNode);
    const line = fileLine(keyNode?.range?.[0]);
    if (typeof key !== 'string') {
      problems.push({ line, message: 'a front matter key must be a plain name' });
      continue;
    }
    if (!isFrontMatterKey(key)) {
      const suggestion = closestName(key, FRONT_MATTER_KEYS);
      problems.push({
        line,
        message:
          `unknown front matter key "${key}"` +
          (suggestion ? ` (did you mean "${suggestion}"?)` : ` (known: ${FRONT_MATTER_KEYS.join(', ')})`),
      });
      continue;
    }
    const value = pairValue(pair as Pair, key);
    if (value === undefined) {
      const expected = key === 'tags' ? 'a list of words or a comma-separated text' : 'a text';
      problems.push({ line, message: `"${key}" must be ${expected}` });
      continue;
    }
    fields[key] = { value, line };
  }
  // The keys that were readable are checked too, so one run shows every problem of the file.
  return { post: { fields, body, bodyLine }, problems };
}
