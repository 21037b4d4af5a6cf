import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/**
 * The link rule of the repository's documentation, so that a clone is complete on its own:
 * - a relative link resolves to a file or folder inside the repository, and its #anchor (if any) to a
 *   heading of that Markdown file, slugged as GitHub slugs it;
 * - an absolute link is allowed only to an example loopback URL (`http(s)://localhost`, `127.0.0.1`,
 *   `[::1]`, any port and path): that is the service a reader starts on their own machine;
 * - anything else (another site, `../` out of the repository, `mailto:`, `file:`) is refused: state the
 *   fact in the docs instead of pointing at it.
 * Code (fenced blocks and inline spans) is not prose: its URLs are examples, never followed.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The prose of a Markdown file: fenced code blocks and inline code spans blanked, line breaks kept. */
function proseOf(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(?:```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
    })
    .join('\n');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered -1, -2. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? undefined : /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every link target of a Markdown file's prose: inline `[text](target)`, autolinks `<scheme:...>` and reference definitions. */
export function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/<([a-z][\w+.-]*:[^>\s]+)>/gi)) targets.push(match[1]!);
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(match[1]!);
  return targets;
}

/** Why a link from `file` (a path relative to `root`) breaks the rule, or undefined when it keeps it. */
export function linkProblem(root: string, file: string, target: string): string | undefined {
  if (/^[a-z][\w+.-]*:/i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return 'not a valid URL';
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
    return 'points outside the repository (only example loopback URLs such as http://localhost:3000 are allowed)';
  }
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const from = resolve(root, file);
  const destination = pathPart === '' ? from : resolve(dirname(from), decodeURIComponent(pathPart));
  const inside = relative(root, destination);
  if (inside.startsWith('..') || isAbsolute(inside)) return 'leaves the repository';
  if (!existsSync(destination)) return `${inside} does not exist`;
  if (anchor === undefined) return undefined;
  if (statSync(destination).isDirectory() || !destination.endsWith('.md'))
    return `#${anchor} on a file that is not Markdown`;
  if (!headingAnchors(readFileSync(destination, 'utf8')).has(anchor)) return `no heading #${anchor} in ${inside}`;
  return undefined;
}
