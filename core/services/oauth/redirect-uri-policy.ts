/**
 * Which redirect URIs a client may register (RFC 7591 section 2, RFC 8252 for native apps):
 * https callbacks on configured host names, the vetted fixed callbacks of hosted agent products,
 * loopback http callbacks on configured paths (any port), and configured private-use schemes.
 * Does not cover: whether the client really controls the URI (nothing can check that for public
 * clients); the consent page shows the redirect host so the user can judge.
 */
export interface RedirectUriPolicy {
  /** `example.com` (that host) or `*.example.com` (its subdomains), lower case. */
  httpsHosts: string[];
  hostedCallbacks: string[];
  loopback: boolean;
  loopbackPaths: string[];
  privateUseSchemes: string[];
}

export type RedirectUriKind = 'https' | 'hosted' | 'loopback' | 'private-use';
export type RedirectUriVerdict = { accepted: true; kind: RedirectUriKind } | { accepted: false; reason: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

function hostAllowed(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern));
}

export function checkRedirectUri(uri: string, policy: RedirectUriPolicy): RedirectUriVerdict {
  const url = parse(uri);
  if (!url || uri.length > 2000) return { accepted: false, reason: 'is not an absolute URI' };
  if (url.hash || uri.includes('#')) return { accepted: false, reason: 'must not contain a fragment' };
  if (url.username || url.password) return { accepted: false, reason: 'must not contain user information' };
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') {
    if (policy.hostedCallbacks.some((callback) => parse(callback)?.href === url.href)) return { accepted: true, kind: 'hosted' };
    if (hostAllowed(url.hostname, policy.httpsHosts)) return { accepted: true, kind: 'https' };
    return { accepted: false, reason: `is on a host that is not an allowed client domain (${url.hostname})` };
  }
  if (scheme === 'http') {
    if (!policy.loopback || !LOOPBACK_HOSTS.has(url.hostname)) return { accepted: false, reason: 'uses http, which is allowed only for loopback callbacks (127.0.0.1 or localhost)' };
    if (!policy.loopbackPaths.includes(url.pathname)) return { accepted: false, reason: `is a loopback callback on a path other than ${policy.loopbackPaths.join(' or ')}` };
    return { accepted: true, kind: 'loopback' };
  }
  if (policy.privateUseSchemes.includes(scheme)) return { accepted: true, kind: 'private-use' };
  return { accepted: false, reason: `uses the scheme "${scheme}", which is not allowed` };
}

/**
 * Does a redirect URI sent at authorization time match a registered one? Exact string comparison,
 * except that loopback callbacks match at any port (RFC 8252 section 7.3: the port is chosen at run time).
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  const a = parse(registered);
  const b = parse(requested);
  if (!a || !b || a.protocol !== 'http:' || b.protocol !== 'http:' || !LOOPBACK_HOSTS.has(a.hostname)) return false;
  return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search && !b.hash && !b.username && !b.password;
}
