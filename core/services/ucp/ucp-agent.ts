/** A UCP-Agent header longer than this is refused unread: a profile URL is far shorter. */
const MAX_HEADER_LENGTH = 2048;
/** The longest profile URL accepted. */
const MAX_PROFILE_URL_LENGTH = 2000;

const isKeyStart = (c: string) => (c >= 'a' && c <= 'z') || c === '*';
const isKeyChar = (c: string) => isKeyStart(c) || (c >= '0' && c <= '9') || c === '_' || c === '-' || c === '.';
/** The characters of a bare item that is not a string (token, number, byte sequence, boolean): skipped, not interpreted. */
const isBareChar = (c: string) => c > ' ' && c < '\u007f' && c !== ',' && c !== ';' && c !== '"';

type Member = { kind: 'string'; value: string } | { kind: 'other' };

/**
 * An RFC 8941 dictionary, as far as UCP needs it: each member's key and whether its value is a
 * string (sf-string, with its `\"` and `\\` escapes) or something else; parameters are read past.
 * One pass over the text (linear), later members override earlier ones (RFC 8941 4.2.2). Undefined
 * when the text is not a dictionary.
 */
function parseDictionary(text: string): Map<string, Member> | undefined {
  const members = new Map<string, Member>();
  let i = 0;
  const skip = (spaces: string) => {
    while (i < text.length && spaces.includes(text[i]!)) i++;
  };
  const key = (): string | undefined => {
    if (i >= text.length || !isKeyStart(text[i]!)) return undefined;
    const start = i;
    while (i < text.length && isKeyChar(text[i]!)) i++;
    return text.slice(start, i);
  };
  const bareItem = (): Member | undefined => {
    if (text[i] === '"') {
      let value = '';
      for (i++; i < text.length; i++) {
        const c = text[i]!;
        if (c === '\\') {
          const next = text[++i];
          if (next !== '"' && next !== '\\') return undefined;
          value += next;
        } else if (c === '"') {
          i++;
          return { kind: 'string', value };
        } else if (c < ' ' || c > '~') return undefined;
        else value += c;
      }
      return undefined;
    }
    const start = i;
    while (i < text.length && isBareChar(text[i]!)) i++;
    return i > start ? { kind: 'other' } : undefined;
  };
  const parameters = (): boolean => {
    while (text[i] === ';') {
      i++;
      skip(' ');
      if (key() === undefined) return false;
      if (text[i] === '=') {
        i++;
        if (bareItem() === undefined) return false;
      }
    }
    return true;
  };
  skip(' ');
  while (i < text.length) {
    const name = key();
    if (name === undefined) return undefined;
    let member: Member = { kind: 'other' };
    if (text[i] === '=') {
      i++;
      if (text[i] === '(') return undefined; // inner lists are not a profile
      const item = bareItem();
      if (item === undefined) return undefined;
      member = item;
    }
    if (!parameters()) return undefined;
    members.set(name, member);
    skip(' \t');
    if (i >= text.length) return members;
    if (text[i] !== ',') return undefined;
    i++;
    skip(' \t');
    if (i >= text.length) return undefined;
  }
  return members;
}

/** Where a platform's profile may be: https, or http on loopback when UCP_PROFILE_ALLOW_HTTP_LOOPBACK is on. */
function profileUrlProblem(value: string, allowHttpLoopback: boolean): string | undefined {
  if (value.length > MAX_PROFILE_URL_LENGTH) return `is longer than ${MAX_PROFILE_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL';
  }
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(allowHttpLoopback && url.protocol === 'http:' && loopback))
    return 'is not an https URL';
  if (url.username !== '' || url.password !== '') return 'carries credentials';
  return undefined;
}

/**
 * The platform profile URL of a UCP-Agent header (UCP overview, Platform Advertisement on Request:
 * an RFC 8941 dictionary whose `profile` member is a string, the profile's https URI), or why it
 * cannot be one. Undefined header: undefined. Bounded: a header over 2 KiB is refused unread.
 */
export function profileOfUcpAgent(
  header: string | undefined,
  allowHttpLoopback: boolean,
): { url: string } | { problem: string } | undefined {
  if (header === undefined) return undefined;
  if (header.length > MAX_HEADER_LENGTH)
    return { problem: `The UCP-Agent header is longer than ${MAX_HEADER_LENGTH} characters.` };
  const members = parseDictionary(header);
  if (!members) return { problem: 'The UCP-Agent header is not an RFC 8941 dictionary (profile="https://...").' };
  const profile = members.get('profile');
  if (profile?.kind !== 'string')
    return { problem: 'The UCP-Agent header has no `profile` member whose value is a quoted string.' };
  const problem = profileUrlProblem(profile.value, allowHttpLoopback);
  return problem ? { problem: `The UCP-Agent profile URL ${problem}.` } : { url: profile.value };
}
