import { fromMarkdown } from 'mdast-util-from-markdown';

/** A local image the body refers to: where its path is written (offsets in the body) and the path. */
export interface ImageReference {
  /** The destination as written, `<...>` included: what is replaced by the image's URL. */
  start: number;
  end: number;
  /** The path as Markdown reads it (escapes and character references resolved). */
  url: string;
  /** The body line (1-based) of the reference. */
  line: number;
}

interface MdNode {
  type: string;
  url?: string;
  identifier?: string;
  position?: { start: { line: number; offset?: number }; end: { offset?: number } };
  children?: MdNode[];
}

/** A URL with a scheme (`https:`, `data:`), protocol-relative, site-absolute or a fragment: not a file of the post. */
function isLocalPath(url: string): boolean {
  if (url === '' || url.startsWith('/') || url.startsWith('#')) return false;
  return !/^[a-z][a-z\d+.-]*:/i.test(url);
}

/** Index just past the `]` closing the bracket at `open`, skipping backslash escapes and nested brackets; -1 if none. */
function closeBracket(raw: string, open: number): number {
  let depth = 0;
  for (let index = open; index < raw.length; index += 1) {
    const char = raw[index];
    if (char === '\\') index += 1;
    else if (char === '[') depth += 1;
    else if (char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/** The span of a link destination starting at or after `from` (after blanks): `<...>`, or up to a blank or the unbalanced `)`. */
function destination(raw: string, from: number): [number, number] | undefined {
  let start = from;
  while (isSpace(raw[start])) start += 1;
  if (raw[start] === '<') {
    const end = raw.indexOf('>', start);
    return end < 0 ? undefined : [start, end + 1];
  }
  let depth = 0;
  let end = start;
  for (; end < raw.length; end += 1) {
    const char = raw[end];
    if (char === '\\') end += 1;
    else if (isSpace(char)) break;
    else if (char === '(') depth += 1;
    else if (char === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
  }
  return end > start ? [start, Math.min(end, raw.length)] : undefined;
}

/** Where the destination of `![alt](dest)` or `[label]: dest` is written inside the node's own text. */
function destinationIn(raw: string, kind: 'image' | 'definition'): [number, number] | undefined {
  const open = raw.indexOf(kind === 'image' ? '![' : '[');
  if (open < 0) return undefined;
  const closed = closeBracket(raw, kind === 'image' ? open + 1 : open);
  if (closed < 0) return undefined;
  const after = kind === 'image' ? '(' : ':';
  if (raw[closed] !== after) return undefined;
  return destination(raw, closed + 1);
}

function walk(node: MdNode, visit: (node: MdNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/**
 * The local images of a Markdown body: inline images (`![alt](./img/x.png)`) and the definitions
 * reference-style images use (`![alt][logo]` with `[logo]: ./img/logo.png`). Code blocks and code
 * spans are text, not images, so nothing in them is taken. HTML `<img>` is left as written.
 */
export function localImageReferences(body: string): { references: ImageReference[]; unplaced: number[] } {
  // Every image, inline or reference-style, is written with "![": without one there is nothing to parse for.
  if (!body.includes('![')) return { references: [], unplaced: [] };
  const tree = fromMarkdown(body) as MdNode;
  const imageLabels = new Set<string>();
  const candidates: Array<{ node: MdNode; kind: 'image' | 'definition' }> = [];
  walk(tree, (node) => {
    if (node.type === 'imageReference' && node.identifier) imageLabels.add(node.identifier);
    if (node.type === 'image') candidates.push({ node, kind: 'image' });
    if (node.type === 'definition') candidates.push({ node, kind: 'definition' });
  });
  const references: ImageReference[] = [];
  const unplaced: number[] = [];
  for (const { node, kind } of candidates) {
    if (kind === 'definition' && !imageLabels.has(node.identifier ?? '')) continue;
    const url = node.url ?? '';
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const line = node.position?.start.line ?? 1;
    if (!isLocalPath(url) || start === undefined || end === undefined) continue;
    const span = destinationIn(body.slice(start, end), kind);
    if (!span) {
      unplaced.push(line);
      continue;
    }
    references.push({ start: start + span[0], end: start + span[1], url, line });
  }
  references.sort((a, b) => a.start - b.start);
  return { references, unplaced };
}
