import { isIP } from 'node:net';
import type { Config } from '../../core/config.ts';
import type { SiteUrls } from '../../core/context.ts';

/** The names of this machine that development clients write in a URL (RFC 8252 section 8.3 lists the two IP ones). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function urlsOf(site: string): SiteUrls {
  return Object.freeze({ site, base: `${site}/api` });
}

/** Whether a peer address is this machine: 127.0.0.0/8, ::1, or 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** What of a request decides the site URLs it is answered with. */
export interface ArrivalFacts {
  /** The Host header as sent (never X-Forwarded-Host). */
  host: string | undefined;
  /** The TCP peer's address (never X-Forwarded-For). */
  peer: string | undefined;
}

/**
 * The site URLs a request is answered with: the service's own ({site_url}, {base_url}), except in
 * development (SITE_URL unset) for a request from this machine whose Host header is exactly
 * `localhost:PORT`, `127.0.0.1:PORT` or `[::1]:PORT` with the listening port. Such a request is
 * answered in the name it used (metadata, issuer, audience, links), so an MCP client configured
 * with any of the three finds the resource it asked for; each name is its own origin end to end,
 * as a browser and an OAuth client see it.
 *
 * Does NOT cover, on purpose: any other Host (another name, another port, a remote peer) gets the
 * service's own URLs, so a Host header never lets a remote caller choose the issuer; with SITE_URL
 * set or behind a trusted proxy (TRUST_PROXY: the Host and peer seen are the proxy's) there are no
 * aliases at all, and X-Forwarded-Host is never read. The answers are three fixed objects, so
 * anything cached per site URL stays bounded.
 */
export function siteUrlsResolver(
  config: Pick<Config, 'siteUrl' | 'baseUrl' | 'siteUrlConfigured' | 'port' | 'trustProxy'>,
): (arrival: ArrivalFacts) => SiteUrls {
  const own: SiteUrls = Object.freeze({ site: config.siteUrl, base: config.baseUrl });
  if (config.siteUrlConfigured || config.trustProxy) return () => own;
  const aliases = new Map<string, SiteUrls>();
  for (const name of LOOPBACK_NAMES) {
    const site = `http://${name}:${config.port}`;
    aliases.set(`${name}:${config.port}`, site === own.site ? own : urlsOf(site));
  }
  return ({ host, peer }) => {
    if (host === undefined || !isLoopbackPeer(peer)) return own;
    return aliases.get(host.toLowerCase()) ?? own;
  };
}
