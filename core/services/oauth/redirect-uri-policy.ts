/**
 * Which redirect URIs a client may register (RFC 7591 section 2, RFC 8252 for native apps):
 * https callbacks on configured host names, the vetted fixed callbacks of hosted agent products,
 * loopback http callbacks (any port; any path unless the operator restricts them), and private-use
 * schemes. Does not cover: whether the client really controls the URI (nothing can check that for
 * public clients); the consent page shows the redirect host so the user can judge.
 */
export interface RedirectUriPolicy {
  /** `example.com` (that host) or `*.example.com` (its subdomains), lower case. */
  httpsHosts: string[];
  hostedCallbacks: string[];
  loopback: boolean;
  /**
   * The only paths a loopback callback may have (OAUTH_LOOPBACK_PATHS); undefined: any path, as
   * RFC 8252 section 7.3 lets a native client choose (VS Code answers on `/`, the MCP Inspector on
   * `/oauth/callback/debug`).
   */
  loopbackPaths?: string[];
  privateUseSchemes: string[];
}

type RedirectUriKind = 'https' | 'hosted' | 'loopback' | 'private-use';
export type RedirectUriVerdict = { accepted: true; kind: RedirectUriKind } | { accepted: false; reason: string };

/** `[::1]` is how WHATWG URL writes the IPv6 loopback host (RFC 8252 section 7.3 names it beside 127.0.0.1). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** C0 (U+0000-U+001F, tab, CR and LF among them), DEL and C1 (U+0080-U+009F), raw. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, percent-encoded in either case: %00-%1F, %7F, and C1 as UTF-8 (%C2%80-%C2%9F). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;
/** What RFC 3986 lets a URI carry unencoded: visible US-ASCII. A space or a non-ASCII character is not, and a header cannot carry most of them. */
const URI_CHARACTERS = /^[\x21-\x7e]*$/;

/**
 * Why a redirect URI cannot be used as it is written, or undefined: a control character, raw or
 * percent-encoded (a raw CR/LF would split the Location header; WHATWG URL parsing silently drops
 * tab, CR and LF, so a URI carrying them could match a clean registration and then be echoed raw;
 * encoded ones have no business in a callback either), or a character outside visible ASCII.
 * Checked at registration and on every URI requested at authorization, so that no Location header
 * is ever built from such a string.
 */
export function redirectUriCharacterProblem(uri: string): string | undefined {
  if (RAW_CONTROL.test(uri)) return 'contains a control character';
  if (ENCODED_CONTROL.test(uri)) return 'contains a percent-encoded control character';
  if (!URI_CHARACTERS.test(uri)) return 'contains a space or a non-ASCII character (percent-encode it)';
  return undefined;
}

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

function hostAllowed(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

export function checkRedirectUri(uri: string, policy: RedirectUriPolicy): RedirectUriVerdict {
  const characterProblem = redirectUriCharacterProblem(uri);
  if (characterProblem) return { accepted: false, reason: characterProblem };
  const url = parse(uri);
  if (!url || uri.length > 2000) return { accepted: false, reason: 'is not an absolute URI' };
  if (url.hash || uri.includes('#')) return { accepted: false, reason: 'must not contain a fragment' };
  if (url.username || url.password) return { accepted: false, reason: 'must not contain user information' };
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') {
    if (policy.hostedCallbacks.some((callback) => parse(callback)?.href === url.href))
      return { accepted: true, kind: 'hosted' };
    if (hostAllowed(url.hostname, policy.httpsHosts)) return { accepted: true, kind: 'https' };
    return {
      accepted: false,
      reason: `is on a host that is not an allowed client domain (${url.hostname}); the operator can allow it with OAUTH_HOSTED_CALLBACKS (this exact URI) or OAUTH_REDIRECT_HOSTS (the host)`,
    };
  }
  if (scheme === 'http') {
    if (!policy.loopback || !LOOPBACK_HOSTS.has(url.hostname))
      return {
        accepted: false,
        reason: policy.loopback
          ? 'uses http, which is allowed only for loopback callbacks (127.0.0.1, [::1] or localhost)'
          : 'uses http, and loopback callbacks are switched off by the operator (OAUTH_LOOPBACK_REDIRECTS=false)',
      };
    if (policy.loopbackPaths && !policy.loopbackPaths.includes(url.pathname))
      return {
        accepted: false,
        reason: `is a loopback callback on a path other than ${policy.loopbackPaths.join(' or ')}, the only ones the operator allows (OAUTH_LOOPBACK_PATHS)`,
      };
    return { accepted: true, kind: 'loopback' };
  }
  if (policy.privateUseSchemes.includes(scheme)) return { accepted: true, kind: 'private-use' };
  return {
    accepted: false,
    reason: `uses the scheme "${scheme}", which is not allowed; the operator can allow it with OAUTH_PRIVATE_USE_SCHEMES`,
  };
}

/**
 * Does a redirect URI sent at authorization time match a registered one? Exact string comparison,
 * except that loopback callbacks match at any port (RFC 8252 section 7.3: the port is chosen at run time).
 * A requested URI with a control or non-ASCII character never matches (see redirectUriCharacterProblem),
 * even a registration made before that rule, or a loopback one that parses the same once they are dropped.
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (redirectUriCharacterProblem(requested)) return false;
  if (registered === requested) return true;
  const a = parse(registered);
  const b = parse(requested);
  if (!a || !b || a.protocol !== 'http:' || b.protocol !== 'http:' || !LOOPBACK_HOSTS.has(a.hostname)) return false;
  return (
    a.hostname === b.hostname &&
    a.pathname === b.pathname &&
    a.search === b.search &&
    !b.hash &&
    !b.username &&
    !b.password
  );
}
